import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePopupStore } from '@blooms/shared/runtime/popup-store';
import { ApiError } from '@blooms/shared/runtime/api-client';
import { USER_MESSAGES, type ManagedUser } from '@blooms/shared/contract/users';
import type { UserRecord } from '@blooms/shared/contract/roles';
import UsersPage from './UsersPage';

// The server's answers: the screen's query and changes call these.
const mockApi = { list: jest.fn(), add: jest.fn(), update: jest.fn(), remove: jest.fn() };
jest.mock('../features/users/api', () => ({
  usersApi: {
    list: () => ({ queryKey: ['users'], queryFn: () => mockApi.list() }),
    add: (...args: unknown[]) => mockApi.add(...args),
    update: (...args: unknown[]) => mockApi.update(...args),
    remove: (...args: unknown[]) => mockApi.remove(...args),
  },
}));
const api = mockApi;

const BEA: UserRecord = { id: 'u1', name: 'Bea Boss', email: 'boss@blooms.example', role: 'admin' };
const ELI: UserRecord = { id: 'u2', name: 'Eli Employee', email: 'eli@blooms.example', role: 'employee' };

const popup = () => usePopupStore.getState().popup;

async function renderPage(users: ManagedUser[] = [BEA, ELI]) {
  api.list.mockResolvedValue(users);
  render(<UsersPage />);
  await screen.findByRole('table');
}

beforeEach(() => {
  jest.resetAllMocks();
  usePopupStore.setState({ popup: null });
});

describe('Manage Users', () => {
  it('names a user who has no name yet by their e-mail before the @', async () => {
    await renderPage([{ ...BEA, name: '', email: 'admin@example.com' }]);
    expect(screen.getByRole('cell', { name: 'admin (no name yet)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit admin@example.com' })).toBeInTheDocument();
  });

  it('lists users with Name, Email, Role and Actions', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Manage Users' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Email', 'Role', 'Actions']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Bea Boss', 'boss@blooms.example', 'Admin'],
      ['Eli Employee', 'eli@blooms.example', 'Employee'],
    ]);
  });

  it('shows a load failure with a way to try again', async () => {
    api.list.mockRejectedValueOnce(new ApiError(500, 'Something went wrong on our side.'));
    render(<UsersPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the users: Something went wrong on our side.');
    api.list.mockResolvedValueOnce([BEA]);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'Bea Boss' })).toBeInTheDocument();
  });
});

describe('Add New User', () => {
  it.each([
    ['the name', '', 'new@blooms.example'],
    ['the e-mail', 'New Person', ''],
    ['both', '', ''],
  ])('alerts "All fields required" when %s is empty, and sends nothing', async (_, name, email) => {
    const user = userEvent.setup();
    await renderPage();
    if (name) await user.type(screen.getByLabelText('Name'), name);
    if (email) await user.type(screen.getByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    expect(popup()).toMatchObject({ kind: 'error', message: 'All fields required' });
    expect(api.add).not.toHaveBeenCalled();
  });

  it('marks each empty field with its message, focuses the first when the alert closes, and clears a mark as it is typed in', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const name = screen.getByLabelText('Name');
    const email = screen.getByLabelText('Email');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(USER_MESSAGES.nameRequired);
    expect(email).toHaveAccessibleDescription(USER_MESSAGES.emailRequired);
    act(() => usePopupStore.getState().closePopup());
    expect(name).toHaveFocus();
    await user.type(name, 'N');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(USER_MESSAGES.nameRequired)).not.toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('marks only the e-mail when its format is wrong', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.type(screen.getByLabelText('Name'), 'New Person');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(USER_MESSAGES.emailInvalid);
  });

  it('checks the e-mail format before sending', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.type(screen.getByLabelText('Name'), 'New Person');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    expect(popup()?.message).toBe(USER_MESSAGES.emailInvalid);
    expect(api.add).not.toHaveBeenCalled();
  });

  it('adds an employee by default, clears the form and refreshes the table', async () => {
    const user = userEvent.setup();
    await renderPage();
    const nia: UserRecord = { id: 'u3', name: 'Nia Novak', email: 'nia@blooms.example', role: 'employee' };
    api.add.mockResolvedValue(nia);
    api.list.mockResolvedValue([BEA, ELI, nia]);
    expect(screen.getByLabelText('Role')).toHaveDisplayValue('Employee');
    await user.type(screen.getByLabelText('Name'), 'Nia Novak');
    await user.type(screen.getByLabelText('Email'), 'Nia@Blooms.example');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    expect(api.add).toHaveBeenCalledWith({ name: 'Nia Novak', email: 'nia@blooms.example', role: 'employee' });
    expect(await screen.findByRole('cell', { name: 'Nia Novak' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent(USER_MESSAGES.invited('Nia Novak', 'nia@blooms.example'));
  });

  it("shows each user's last sign-in, or Not yet; with a server that sends none, no such column", async () => {
    await renderPage([
      { ...BEA, lastSignInAt: '2026-11-12T17:05:00.000Z' },
      { ...ELI, lastSignInAt: null },
    ]);
    expect(await screen.findByRole('columnheader', { name: 'Last sign-in' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Bea Boss/ })).toHaveTextContent('Nov 12, 2026, 10:05 AM');
    expect(screen.getByRole('row', { name: /Eli/ })).toHaveTextContent(USER_MESSAGES.neverSignedIn);
    cleanup();
    await renderPage([BEA, ELI]);
    expect(await screen.findByRole('cell', { name: 'Bea Boss' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Last sign-in' })).toBeNull();
  });

  it('can add an admin', async () => {
    const user = userEvent.setup();
    await renderPage();
    api.add.mockResolvedValue({ id: 'u4', name: 'Ada', email: 'ada@blooms.example', role: 'admin' });
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@blooms.example');
    await user.selectOptions(screen.getByLabelText('Role'), 'Admin');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    expect(api.add).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@blooms.example', role: 'admin' });
  });

  it("shows the server's refusal, such as a duplicate e-mail, and keeps what was typed", async () => {
    const user = userEvent.setup();
    await renderPage();
    api.add.mockRejectedValue(new ApiError(409, 'A user with the e-mail eli@blooms.example already exists.'));
    await user.type(screen.getByLabelText('Name'), 'Eli Twin');
    await user.type(screen.getByLabelText('Email'), 'ELI@blooms.example');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    expect(popup()).toMatchObject({ kind: 'error', message: 'A user with the e-mail eli@blooms.example already exists.' });
    expect(screen.getByLabelText('Name')).toHaveValue('Eli Twin');
  });
});

describe('inline edit', () => {
  async function editEli() {
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Edit Eli Employee' }));
    return user;
  }

  it('turns the row into inputs with Save, Cancel and Delete', async () => {
    await editEli();
    expect(screen.getByLabelText('Name of Eli Employee')).toHaveValue('Eli Employee');
    expect(screen.getByLabelText('Email of Eli Employee')).toHaveValue('eli@blooms.example');
    expect(screen.getByLabelText('Role of Eli Employee')).toHaveDisplayValue('Employee');
    for (const name of ['Save', 'Cancel', 'Delete']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('saves every edited field and goes back to viewing', async () => {
    const user = await editEli();
    const updated = { ...ELI, name: 'Elijah Stone', role: 'admin' as const };
    api.update.mockResolvedValue(updated);
    api.list.mockResolvedValue([BEA, updated]);
    await user.clear(screen.getByLabelText('Name of Eli Employee'));
    await user.type(screen.getByLabelText('Name of Eli Employee'), 'Elijah Stone');
    await user.selectOptions(screen.getByLabelText('Role of Eli Employee'), 'Admin');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.update).toHaveBeenCalledWith('u2', { name: 'Elijah Stone', email: 'eli@blooms.example', role: 'admin' });
    expect(await screen.findByRole('cell', { name: 'Elijah Stone' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('Cancel discards the edits', async () => {
    const user = await editEli();
    await user.clear(screen.getByLabelText('Name of Eli Employee'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('cell', { name: 'Eli Employee' })).toBeInTheDocument();
    expect(api.update).not.toHaveBeenCalled();
  });

  it('alerts "All fields required" on an emptied field', async () => {
    const user = await editEli();
    await user.clear(screen.getByLabelText('Email of Eli Employee'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(popup()?.message).toBe('All fields required');
    expect(api.update).not.toHaveBeenCalled();
    const email = screen.getByLabelText('Email of Eli Employee');
    expect(email).toHaveAccessibleDescription(USER_MESSAGES.emailRequired);
    expect(screen.getByLabelText('Name of Eli Employee')).not.toHaveAttribute('aria-invalid');
    act(() => usePopupStore.getState().closePopup());
    expect(email).toHaveFocus();
  });

  it('shows the last-admin refusal and stays in edit mode', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Edit Bea Boss' }));
    api.update.mockRejectedValue(new ApiError(409, USER_MESSAGES.lastAdmin));
    await user.selectOptions(screen.getByLabelText('Role of Bea Boss'), 'Employee');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(popup()?.message).toBe(USER_MESSAGES.lastAdmin);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

describe('delete', () => {
  it('asks for confirmation with the exact warning, then deletes', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Edit Eli Employee' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(popup()).toMatchObject({
      kind: 'error',
      message: 'Are you sure you want to permanently delete this user? This action cannot be undone.',
    });
    expect(popup()?.actions?.map((a) => a.label)).toEqual(['Delete Permanently']);
    // Destructive at each step: the row's Delete and the confirmation's button alike.
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('button--danger');
    expect(popup()?.actions?.[0]?.tone).toBe('danger');
    expect(api.remove).not.toHaveBeenCalled();

    api.remove.mockResolvedValue(undefined);
    api.list.mockResolvedValue([BEA]);
    await act(async () => popup()!.actions![0]!.onClick());
    expect(api.remove).toHaveBeenCalledWith('u2');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
  });
});
