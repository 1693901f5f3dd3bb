import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deliveriesApi } from '../features/deliveries/api';
import { ApiError } from '@blooms/shared/runtime/api-client';
import { REVERT_UNDO_SECONDS } from '@blooms/shared/contract/deliveries';
import { row, THIS_MONTH } from '../test/fixtures';
import { popup, renderDashboard, resetDashboard, rowOf } from '../test/dashboard-page';

jest.mock('../features/deliveries/api');
jest.mock('@blooms/shared/runtime/live-client', () => ({ connectLive: jest.fn(() => () => undefined) }));
const api = jest.mocked(deliveriesApi);

beforeEach(resetDashboard);

describe('the status pill', () => {
  it('advances from the status shown and shows the new one', async () => {
    const user = await renderDashboard();
    api.advanceStatus.mockResolvedValue({ ...row('a').delivery, status: 'out-for-delivery' });
    await user.click(within(rowOf('Ana')).getByRole('button', { name: 'Not Started: change to Out For Delivery' }));
    expect(api.advanceStatus).toHaveBeenCalledWith('a', THIS_MONTH, 'not-started');
    expect(within(rowOf('Ana')).getByRole('button', { name: /^Out For Delivery/ })).toBeInTheDocument();
  });

  it('asks before setting a delivered delivery back to Not Started', async () => {
    const dora = row(
      'd',
      { firstName: 'Dora', lastName: 'Lane' },
      { status: 'delivered', proofImageUrl: '/api/deliveries/d/2026-11/proof' },
    );
    const user = await renderDashboard([dora]);
    await user.click(within(rowOf('Dora')).getByRole('button', { name: 'Delivered: change to Not Started' }));
    expect(api.advanceStatus).not.toHaveBeenCalled();
    expect(popup()).toMatchObject({
      kind: 'info',
      message: "Set Dora Lane's delivery back to Not Started? Its door photo comes off the delivery.",
    });

    api.advanceStatus.mockResolvedValue({ ...dora.delivery, status: 'not-started', proofImageUrl: null });
    await act(async () => popup()!.actions![0]!.onClick());
    expect(api.advanceStatus).toHaveBeenCalledWith('d', THIS_MONTH, 'delivered');
    expect(await within(rowOf('Dora')).findByRole('button', { name: /^Not Started/ })).toBeInTheDocument();
  });

  it('offers Undo for a few seconds after setting a delivered delivery back, which restores it', async () => {
    const dora = row(
      'd',
      { firstName: 'Dora', lastName: 'Lane' },
      { status: 'delivered', proofImageUrl: '/api/deliveries/d/2026-11/proof' },
    );
    const user = await renderDashboard([dora]);
    await user.click(within(rowOf('Dora')).getByRole('button', { name: 'Delivered: change to Not Started' }));
    api.advanceStatus.mockResolvedValue({ ...dora.delivery, status: 'not-started', proofImageUrl: null });
    await act(async () => popup()!.actions![0]!.onClick());
    expect(screen.getByText("Dora Lane's delivery is back to Not Started.")).toBeInTheDocument();

    api.undoRevert.mockResolvedValue(dora.delivery);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(api.undoRevert).toHaveBeenCalledWith('d', THIS_MONTH);
    expect(within(rowOf('Dora')).getByRole('button', { name: /^Delivered/ })).toBeInTheDocument();
    expect(within(rowOf('Dora')).getByRole('button', { name: 'View the delivery photo for Dora Lane' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('offers Undo after a step forward too, which takes it back one step, and takes it away after REVERT_UNDO_SECONDS', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await renderDashboard([row('a', { firstName: 'Ana' })]);
      api.advanceStatus.mockResolvedValueOnce({ ...row('a').delivery, status: 'out-for-delivery' });
      await user.click(within(rowOf('Ana')).getByRole('button', { name: /^Not Started/ }));
      expect(await screen.findByText("Ana Person's delivery is now Out For Delivery.")).toBeInTheDocument();
      api.undoRevert.mockResolvedValueOnce(row('a').delivery);
      await user.click(screen.getByRole('button', { name: 'Undo' }));
      expect(api.undoRevert).toHaveBeenCalledWith('a', THIS_MONTH);
      expect(await within(rowOf('Ana')).findByRole('button', { name: /^Not Started/ })).toBeInTheDocument();

      api.advanceStatus.mockResolvedValueOnce({ ...row('a').delivery, status: 'out-for-delivery' });
      await user.click(within(rowOf('Ana')).getByRole('button', { name: /^Not Started/ }));
      expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(REVERT_UNDO_SECONDS * 1000));
      expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('on a stale click shows the fresh status and says why', async () => {
    const user = await renderDashboard();
    const fresh = { ...row('a').delivery, status: 'delivered' };
    api.advanceStatus.mockRejectedValue(new ApiError(409, 'Someone else changed this delivery a moment ago.', { delivery: fresh }));
    await user.click(within(rowOf('Ana')).getByRole('button', { name: /^Not Started/ }));
    expect(within(rowOf('Ana')).getByRole('button', { name: /^Delivered/ })).toBeInTheDocument();
    expect(popup()).toMatchObject({ kind: 'error', message: 'Someone else changed this delivery a moment ago.' });
  });

  it('shows other failures in a popup', async () => {
    const user = await renderDashboard();
    api.advanceStatus.mockRejectedValue(new ApiError(0, 'Failed to fetch'));
    await user.click(within(rowOf('Ana')).getByRole('button', { name: /^Not Started/ }));
    expect(popup()?.message).toBe('Failed to fetch');
    expect(within(rowOf('Ana')).getByRole('button', { name: /^Not Started/ })).toBeInTheDocument();
  });
});

describe('bulk assign', () => {
  it('appears only while rows are selected and lists users by first name, or the e-mail before the @', async () => {
    const user = await renderDashboard();
    expect(screen.queryByRole('combobox', { name: /^Assign / })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Ana Person' }));
    expect(screen.getByRole('group', { name: 'Assign 1 delivery to:' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Ben Person' }));
    const select = screen.getByRole('combobox', { name: 'Assign 2 deliveries to:' });
    expect(select).toHaveAccessibleDescription('Now: 2 unassigned.');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a user', 'Ella', 'admin', 'Nobody (unassign)']);
    await user.click(screen.getByRole('checkbox', { name: 'Select Ben Person' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ana Person' }));
    expect(screen.queryByRole('combobox', { name: /^Assign / })).not.toBeInTheDocument();
  });

  it('the header checkbox selects every delivery of the month', async () => {
    const user = await renderDashboard([
      row('a', { firstName: 'Ana' }),
      row('b', { firstName: 'Ben' }),
      row('c', { firstName: 'Cora' }, { scheduled: false }),
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'Select all deliveries this month' }));
    expect(screen.getByRole('combobox', { name: 'Assign 2 deliveries to:' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all deliveries this month' }));
    expect(screen.queryByRole('combobox', { name: /^Assign / })).not.toBeInTheDocument();
  });

  it('assigns the selected rows to the chosen user, then clears the selection', async () => {
    const user = await renderDashboard();
    api.assign.mockResolvedValue(
      ['a', 'b'].map((id) => ({ ...row(id).delivery, assignedTo: 'ella@blooms.example', assigneeName: 'Ella Driver' })),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select all deliveries this month' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assign 2 deliveries to:' }), 'Ella');
    expect(api.assign).toHaveBeenCalledWith(THIS_MONTH, ['a', 'b'], 'ella@blooms.example');
    expect(within(rowOf('Ana')).getByText('Ella')).toBeInTheDocument();
    expect(within(rowOf('Ben')).getByText('Ella')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Assign / })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Ana Person' })).not.toBeChecked();
    expect(screen.getByText('Assigned 2 deliveries to Ella.')).toHaveAttribute('role', 'status');
  });

  it('says who has the selected deliveries now, before a person is chosen', async () => {
    const user = await renderDashboard([
      row('a', { firstName: 'Ana' }, { assignedTo: 'finn@blooms.example', assigneeName: 'Finn Driver' }),
      row('b', { firstName: 'Ben' }, { assignedTo: 'finn@blooms.example', assigneeName: 'Finn Driver' }),
      row('c', { firstName: 'Cora' }),
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'Select all deliveries this month' }));
    expect(screen.getByRole('combobox', { name: 'Assign 3 deliveries to:' })).toHaveAccessibleDescription(
      'Now: 2 with Finn, 1 unassigned.',
    );
  });

  it('unassigns the selected rows with Nobody, and says so', async () => {
    const ana = row('a', { firstName: 'Ana' }, { assignedTo: 'ella@blooms.example', assigneeName: 'Ella Driver' });
    const user = await renderDashboard([ana, row('b', { firstName: 'Ben' })]);
    api.assign.mockResolvedValue([{ ...ana.delivery, assignedTo: null, assigneeName: null }]);
    await user.click(screen.getByRole('checkbox', { name: 'Select Ana Person' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assign 1 delivery to:' }), 'Nobody (unassign)');
    expect(api.assign).toHaveBeenCalledWith(THIS_MONTH, ['a'], null);
    expect(within(rowOf('Ana')).getByText('Unassigned')).toBeInTheDocument();
    expect(screen.getByText('Unassigned 1 delivery.')).toHaveAttribute('role', 'status');
  });

  it('keeps the selection and explains when the server refuses', async () => {
    const user = await renderDashboard();
    api.assign.mockRejectedValue(new ApiError(400, 'There is no user with the e-mail ella@blooms.example.'));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ana Person' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assign 1 delivery to:' }), 'Ella');
    expect(popup()?.message).toBe('There is no user with the e-mail ella@blooms.example.');
    expect(screen.getByRole('checkbox', { name: 'Select Ana Person' })).toBeChecked();
  });
});
