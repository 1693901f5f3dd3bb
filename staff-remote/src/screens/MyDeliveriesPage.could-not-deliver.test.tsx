import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { pendingStore } from '@blooms/shared/runtime/staff-pending-store';
import { ApiError } from '@blooms/shared/runtime/api-client';
import { deliveriesApi } from '../features/deliveries/api';
import { failedAttemptsApi } from '../features/failed-attempts/api';
import MyDeliveriesPage from './MyDeliveriesPage';
import { row, THIS_MONTH } from '../test/fixtures';
import { onAPhoneWidth } from '../test/phone-width';
import { chooseAction, popup } from '../test/popup';
import { controlConnection } from '../test/connection';
import { freshDriverScreen, ME } from '../test/driver';

jest.mock('../features/deliveries/api');
jest.mock('../features/failed-attempts/api', () => ({ failedAttemptsApi: { markFailed: jest.fn(), reschedule: jest.fn() } }));
jest.mock('@blooms/shared/runtime/live-client', () => ({ connectLive: jest.fn(() => () => undefined) }));
const api = jest.mocked(deliveriesApi);
const failedApi = jest.mocked(failedAttemptsApi);

const START = { month: THIS_MONTH, date: `${THIS_MONTH}-10`, passedOver: null };
const mine = (id: string, firstName: string, status: string, delivery = {}) =>
  row(id, { firstName }, { status, assignedTo: ME, assigneeName: 'Ella Driver', ...delivery });
const GATE = { reason: 'gate-code' as const, at: '2026-11-10T17:00:00.000Z', attempt: 1, photoUrl: null, rescheduledTo: null };

/** Could not deliver, gate code, no photo: the two questions answered. */
async function markGateCode() {
  await chooseAction('Could not get through the gate (gate code needed)');
  await chooseAction('Send without a photo');
}

async function renderMine(rows: ReturnType<typeof mine>[], shown: 'list' | 'table') {
  api.myDeliveriesStart.mockResolvedValue({ start: START, rows });
  api.myDeliveries.mockResolvedValue(rows);
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <MyDeliveriesPage />
    </MemoryRouter>,
  );
  if (shown === 'list') await screen.findByRole('list', { name: /in route order/ });
  else await screen.findByRole('table');
  return userEvent.setup();
}

const { setOnline, goOnline } = controlConnection(true);
beforeEach(freshDriverScreen);
const badge = () => document.querySelector('.pending-badge')!;

describe('on a phone with no connection', () => {
  onAPhoneWidth();
  const card = (name: string) => screen.getByRole('listitem', { name: new RegExp(name) });

  it('keeps Could not deliver on the device, shows it on the card as waiting, and sends it once online', async () => {
    setOnline(false);
    const user = await renderMine([mine('a', 'Ana', 'out-for-delivery')], 'list');
    await user.click(within(card('Ana')).getByRole('button', { name: 'Could not deliver to Ana Person' }));
    await markGateCode();
    expect(await screen.findByText('1 waiting to send')).toHaveAttribute('role', 'status');
    expect(within(card('Ana')).getByText('Could not deliver: Could not get through the gate (gate code needed)')).toBeInTheDocument();
    expect(within(card('Ana')).queryByRole('button', { name: /^Could not deliver to/ })).not.toBeInTheDocument();
    expect(failedApi.markFailed).not.toHaveBeenCalled();
    expect((await pendingStore.list(ME)).map((k) => k.change)).toEqual([{ to: 'could-not-deliver', reason: 'gate-code' }]);

    failedApi.markFailed.mockResolvedValueOnce({ ...mine('a', 'Ana', 'out-for-delivery', { failedAttempt: GATE }).delivery });
    await goOnline();
    await waitFor(() => expect(badge()).toBeEmptyDOMElement());
    expect(failedApi.markFailed).toHaveBeenCalledWith({ subscriptionId: 'a', month: THIS_MONTH, reason: 'gate-code' });
    expect(within(card('Ana')).getByText(/^Could not deliver: Could not get through the gate/)).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: 'Changes not sent' })).not.toBeInTheDocument();
  });

  it('keeps it behind a change to the same stop still waiting, and sends them in order', async () => {
    setOnline(false);
    const user = await renderMine([mine('b', 'Ben', 'not-started')], 'list');
    await user.click(within(card('Ben')).getByRole('button', { name: 'Out for delivery to Ben Person' }));
    await screen.findByText('1 waiting to send');
    await user.click(within(card('Ben')).getByRole('button', { name: 'Could not deliver to Ben Person' }));
    await markGateCode();
    expect(await screen.findByText('2 waiting to send')).toBeInTheDocument();

    api.advanceStatus.mockResolvedValueOnce({ ...mine('b', 'Ben', 'out-for-delivery').delivery });
    failedApi.markFailed.mockResolvedValueOnce({ ...mine('b', 'Ben', 'out-for-delivery', { failedAttempt: GATE }).delivery });
    await goOnline();
    await waitFor(() => expect(badge()).toBeEmptyDOMElement());
    expect(api.advanceStatus.mock.invocationCallOrder[0]).toBeLessThan(failedApi.markFailed.mock.invocationCallOrder[0]!);
  });

  it('keeps it when the signal drops as it is sent, and says so in the usual way when the server refuses it for good', async () => {
    const user = await renderMine([mine('a', 'Ana', 'out-for-delivery')], 'list');
    failedApi.markFailed.mockRejectedValueOnce(new ApiError(0, 'Failed to fetch'));
    await user.click(within(card('Ana')).getByRole('button', { name: 'Could not deliver to Ana Person' }));
    await markGateCode();
    expect(await screen.findByText('1 waiting to send')).toBeInTheDocument();
    expect(popup()).toBeNull();

    const delivered = { ...mine('a', 'Ana', 'delivered').delivery };
    failedApi.markFailed.mockRejectedValueOnce(
      new ApiError(409, 'Someone else changed this delivery a moment ago.', { delivery: delivered }),
    );
    await goOnline();
    const alert = await screen.findByRole('alert', { name: 'Changes not sent' });
    expect(alert).toHaveTextContent('Ana Person: "Could not deliver (gate code)" was not sent. Someone else set it to Delivered first.');
    expect(badge()).toBeEmptyDOMElement();
  });
});

describe('in the table on a laptop', () => {
  const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;

  it('offers Could not deliver only for a stop out for delivery with flowers, not yet marked', async () => {
    await renderMine(
      [
        mine('a', 'Ana', 'out-for-delivery'),
        mine('b', 'Ben', 'not-started'),
        mine('c', 'Cal', 'out-for-delivery', { failedAttempt: GATE }),
        mine('d', 'Dee', 'out-for-delivery', { pickup: true }),
        mine('e', 'Eve', 'delivered'),
      ],
      'table',
    );
    const button = /^Could not deliver to/;
    expect(within(rowOf('Ana')).getByRole('button', { name: 'Could not deliver to Ana Person' })).toBeEnabled();
    for (const name of ['Ben', 'Cal', 'Dee', 'Eve'])
      expect(within(rowOf(name)).queryByRole('button', { name: button })).not.toBeInTheDocument();
    // A failed attempt shows as on the dashboard, without the dispatcher's Reschedule.
    expect(within(rowOf('Cal')).getByText('Could not deliver: gate code')).toBeInTheDocument();
    expect(within(rowOf('Cal')).queryByRole('button', { name: /^Reschedule/ })).not.toBeInTheDocument();
  });

  it('sends Could not deliver and shows the attempt in the row', async () => {
    const user = await renderMine([mine('a', 'Ana', 'out-for-delivery')], 'table');
    failedApi.markFailed.mockResolvedValueOnce({ ...mine('a', 'Ana', 'out-for-delivery', { failedAttempt: GATE }).delivery });
    await user.click(within(rowOf('Ana')).getByRole('button', { name: 'Could not deliver to Ana Person' }));
    expect(popup()?.title).toBe('Could not deliver: Ana Person');
    await markGateCode();
    expect(await within(rowOf('Ana')).findByText('Could not deliver: gate code')).toBeInTheDocument();
    expect(failedApi.markFailed).toHaveBeenCalledWith({ subscriptionId: 'a', month: THIS_MONTH, reason: 'gate-code' });
    expect(within(rowOf('Ana')).queryByRole('button', { name: /^Could not deliver to/ })).not.toBeInTheDocument();
  });

  it('keeps it on the device with no connection, like the phone', async () => {
    setOnline(false);
    const user = await renderMine([mine('a', 'Ana', 'out-for-delivery')], 'table');
    await user.click(within(rowOf('Ana')).getByRole('button', { name: 'Could not deliver to Ana Person' }));
    await markGateCode();
    expect(await screen.findByText('1 waiting to send')).toBeInTheDocument();
    expect(within(rowOf('Ana')).getByText('Could not deliver: gate code')).toBeInTheDocument();
    expect(failedApi.markFailed).not.toHaveBeenCalled();
  });
});
