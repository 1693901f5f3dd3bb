import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { ownRecordApi } from '@blooms/shared/runtime/own-record-api';
import { ApiError } from '@blooms/shared/runtime/api-client';
import { USER_MESSAGES } from '@blooms/shared/contract/users';
import { NamePrompt, nameAskedKey } from './NamePrompt';
import { renderAt, signIn, signOutForTest } from '../../test/render';

jest.mock('@blooms/shared/runtime/own-record-api', () => ({ ownRecordApi: { setMyName: jest.fn() } }));
const setMyName = jest.mocked(ownRecordApi.setMyName);

const EMAIL = 'admin@example.com';
function signInNameless() {
  signIn('admin', EMAIL);
  useAuthStore.setState({ record: { id: 'id-admin', name: '', email: EMAIL, role: 'admin' } });
}
const prompt = () => screen.queryByRole('region', { name: 'What should we call you?' });

beforeEach(() => {
  jest.resetAllMocks();
  localStorage.clear();
  signOutForTest();
});

describe('NamePrompt', () => {
  it('asks a nameless staff member on a staff screen, calling them by their e-mail before the @ meanwhile', () => {
    signInNameless();
    renderAt('/my-deliveries', <NamePrompt />);
    expect(prompt()).toHaveTextContent('You show as “admin” to the team.');
  });

  it.each([
    ['on a public page', '/faq', signInNameless],
    ['for a staff member who has a name', '/dashboard', () => signIn('employee')],
    ['for a visitor', '/dashboard', signOutForTest],
  ])('does not ask %s', (_, path, setUp) => {
    setUp();
    renderAt(path, <NamePrompt />);
    expect(prompt()).not.toBeInTheDocument();
  });

  it('saves the name, updates the session and does not ask again', async () => {
    const user = userEvent.setup();
    signInNameless();
    setMyName.mockResolvedValue({ id: 'id-admin', name: 'Avery Admin', email: EMAIL, role: 'admin' });
    const { unmount } = renderAt('/dashboard', <NamePrompt />);
    await user.type(screen.getByLabelText('Your name'), 'Avery Admin');
    await user.click(screen.getByRole('button', { name: 'Save my name' }));
    expect(setMyName).toHaveBeenCalledWith({ body: { name: 'Avery Admin' } });
    expect(useAuthStore.getState().record?.name).toBe('Avery Admin');
    expect(prompt()).not.toBeInTheDocument();
    unmount();

    // Even if the record came back nameless (another device, a stale session), the question was answered here.
    signInNameless();
    renderAt('/dashboard', <NamePrompt />);
    expect(prompt()).not.toBeInTheDocument();
  });

  it('"Not now" sends nothing and the question does not come back', async () => {
    const user = userEvent.setup();
    signInNameless();
    const { unmount } = renderAt('/dashboard', <NamePrompt />);
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(prompt()).not.toBeInTheDocument();
    expect(localStorage.getItem(nameAskedKey(EMAIL))).not.toBeNull();
    unmount();
    renderAt('/my-deliveries', <NamePrompt />);
    expect(prompt()).not.toBeInTheDocument();
    expect(setMyName).not.toHaveBeenCalled();
  });

  it('marks an empty name with the shared message and sends nothing', async () => {
    const user = userEvent.setup();
    signInNameless();
    renderAt('/dashboard', <NamePrompt />);
    await user.type(screen.getByLabelText('Your name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save my name' }));
    expect(screen.getByLabelText('Your name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription(USER_MESSAGES.nameRequired);
    expect(setMyName).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and keeps asking", async () => {
    const user = userEvent.setup();
    signInNameless();
    setMyName.mockRejectedValue(new ApiError(500, 'Something went wrong on our side.'));
    renderAt('/dashboard', <NamePrompt />);
    await user.type(screen.getByLabelText('Your name'), 'Avery');
    await user.click(screen.getByRole('button', { name: 'Save my name' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(prompt()).toBeInTheDocument();
    expect(localStorage.getItem(nameAskedKey(EMAIL))).toBeNull();
  });
});
