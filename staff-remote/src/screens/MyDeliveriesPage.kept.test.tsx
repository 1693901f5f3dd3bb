import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { connectLive } from '@blooms/shared/runtime/live-client';
import { STAFF_OFFLINE_CACHE } from '@blooms/shared/contract/staff-offline';
import { deliveriesApi } from '../features/deliveries/api';
import MyDeliveriesPage from './MyDeliveriesPage';
import { row, THIS_MONTH } from '../test/fixtures';
import { formatMonth } from '@blooms/shared/contract/months';
import { formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { onAPhoneWidth } from '../test/phone-width';
import { ME } from '../test/driver';

jest.mock('../features/deliveries/api');
jest.mock('@blooms/shared/runtime/live-client', () => ({ connectLive: jest.fn(() => () => undefined) }));
const api = jest.mocked(deliveriesApi);

const START = { month: THIS_MONTH, date: `${THIS_MONTH}-10`, passedOver: null };
const mine = (id: string, firstName: string, status: string) =>
  row(id, { firstName }, { status, assignedTo: ME, assigneeName: 'Ella Driver' });

/** The service worker's cache as the page reads it: what it kept of the opening request, if anything. */
function keep(opening: unknown, record?: unknown): Map<string, unknown> {
  const url = new URL('/api/my-deliveries/start', location.href).href;
  const kept = new Map<string, unknown>(opening ? [[url, opening]] : []);
  if (record) kept.set(new URL('/api/me', location.href).href, record);
  Object.defineProperty(globalThis, 'caches', {
    configurable: true,
    value: {
      has: async (name: string) => name === STAFF_OFFLINE_CACHE && kept.size > 0,
      open: async () => ({
        match: async (key: string) => (kept.has(key) ? { json: async () => kept.get(key) } : undefined),
        put: async (key: string, response: { json: () => Promise<unknown> }) => void kept.set(key, await response.json()),
      }),
    },
  });
  return kept;
}

// jsdom has no fetch Response: enough of one for the page to keep its JSON.
class JsonResponse {
  constructor(private readonly body: string) {}
  async json() {
    return JSON.parse(this.body) as unknown;
  }
}
beforeAll(() => Object.defineProperty(globalThis, 'Response', { configurable: true, value: JsonResponse }));

const SIGNED_IN = {
  status: 'signed-in',
  role: 'employee',
  record: { id: 'u1', name: 'Ella Driver', email: ME, role: 'employee' },
} as const;

/** The host has read Ella's user record: the live list replaces the kept one. */
async function signInConfirmed() {
  act(() => useAuthStore.setState(SIGNED_IN));
  expect(await screen.findByRole('heading', { level: 1, name: "Ella's Deliveries" })).toBeInTheDocument();
  expect(screen.queryByText(/^Updating…/)).not.toBeInTheDocument();
}

/** The status that says a kept list is shown. */
const keptStatus = () => screen.findByText((_, element) => element?.matches('[role="status"].live-indicator--updating') ?? false);

function renderPage() {
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <MyDeliveriesPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  api.deliveryDate.mockImplementation(async (month) => ({ month, date: `${month}-10`, isDefault: true, lastDayForChanges: `${month}-03` }));
  useAuthStore.setState({ status: 'loading', user: null, role: 'none', record: null });
});
afterAll(() => {
  delete (globalThis as { caches?: unknown }).caches;
});

it('draws the kept stops at once while the sign-in is checked, read-only and marked as updating, and asks for nothing', async () => {
  const kept = keep({ start: START, rows: [mine('a', 'Ana', 'out-for-delivery'), mine('b', 'Ben', 'not-started')] });
  renderPage();
  const table = await screen.findByRole('table');
  expect(within(table).getByRole('rowheader', { name: /Ana/ })).toBeInTheDocument();
  expect(await keptStatus()).toHaveTextContent('Updating… showing the list kept on this device');
  expect(screen.getByText(formatMonth(THIS_MONTH))).toBeInTheDocument();
  // Ana is out for delivery, yet nothing can be recorded from a kept list.
  expect(within(table).queryByRole('button', { name: /Out For Delivery/ })).not.toBeInTheDocument();
  expect(api.myDeliveriesStart).not.toHaveBeenCalled();
  expect(connectLive).not.toHaveBeenCalled();

  // Signed in: the live list replaces it.
  api.myDeliveriesStart.mockResolvedValue({ start: START, rows: [mine('a', 'Ana', 'out-for-delivery'), mine('b', 'Ben', 'delivered')] });
  await signInConfirmed();
  expect(screen.getByRole('button', { name: /^Out For Delivery/ })).toBeEnabled();
  expect(api.myDeliveriesStart).toHaveBeenCalledTimes(1);
  // The live list is what the next opening draws first.
  await waitFor(() =>
    expect([...kept.values()]).toEqual([
      {
        start: START,
        rows: [
          expect.objectContaining({ id: 'a' }),
          expect.objectContaining({ id: 'b', delivery: expect.objectContaining({ status: 'delivered' }) }),
        ],
      },
    ]),
  );
});

it('asks for its opening as soon as a sign-in is restored, alongside the check of it, and draws the live list once both are in', async () => {
  const kept = keep({ start: START, rows: [mine('a', 'Ana', 'not-started')] });
  let answer: (opening: Awaited<ReturnType<typeof deliveriesApi.myDeliveriesStart>>) => void = () => undefined;
  api.myDeliveriesStart.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  renderPage();
  expect(await keptStatus()).toBeInTheDocument();
  expect(api.myDeliveriesStart).not.toHaveBeenCalled();

  // The provider restored the sign-in; the host is still reading the user record.
  act(() => useAuthStore.setState({ user: { uid: 'u1', email: ME, displayName: null, photoURL: null, phoneNumber: null } }));
  await waitFor(() => expect(api.myDeliveriesStart).toHaveBeenCalledTimes(1));
  await act(async () => answer({ start: START, rows: [mine('a', 'Ana', 'delivered')] }));
  // Not drawn, nor kept, before the record confirms the sign-in.
  expect(await keptStatus()).toBeInTheDocument();
  expect(kept.get(new URL('/api/my-deliveries/start', location.href).href)).toEqual({
    start: START,
    rows: [expect.objectContaining({ id: 'a' })],
  });
  expect(JSON.stringify([...kept.values()])).not.toContain('delivered');

  await signInConfirmed();
  expect(api.myDeliveriesStart).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(JSON.stringify([...kept.values()])).toContain('delivered'));
});

it('keeps nothing from an opening answered before a restored sign-in turned out to be over', async () => {
  const kept = keep(null);
  api.myDeliveriesStart.mockResolvedValue({ start: START, rows: [mine('a', 'Ana', 'not-started')] });
  useAuthStore.setState({ user: { uid: 'u1', email: ME, displayName: null, photoURL: null, phoneNumber: null } });
  renderPage();
  await waitFor(() => expect(api.myDeliveriesStart).toHaveBeenCalledTimes(1));
  act(() => useAuthStore.setState({ status: 'signed-out', user: null }));
  await act(async () => undefined);
  expect(kept.size).toBe(0);
  // Not drawn either (the host sends a signed-out person to the login page).
  expect(screen.queryByText(/Ana/)).not.toBeInTheDocument();
});

it('does not show a kept list of someone else’s stops once the signed-in person is known', async () => {
  keep({ start: START, rows: [row('x', { firstName: 'Xan' }, { status: 'not-started', assignedTo: 'finn@blooms.example' })] });
  useAuthStore.setState(SIGNED_IN);
  api.myDeliveriesStart.mockReturnValue(new Promise(() => undefined));
  renderPage();
  expect(await screen.findByText('Finding the next delivery day…')).toBeInTheDocument();
  await act(async () => undefined);
  expect(screen.queryByText(/Xan/)).not.toBeInTheDocument();
});

it('is laid out as the live list, each control waiting for it: the name kept at sign-in, the month, its day, the map and Start my route', async () => {
  keep({ start: START, rows: [mine('a', 'Ana', 'not-started')] }, SIGNED_IN.record);
  renderPage();
  expect(await screen.findByRole('heading', { level: 1, name: "Ella's Deliveries" })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: formatMonth(THIS_MONTH) })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
  expect(screen.getByText(`Delivery day: ${formatDeliveryDate(START.date)}`)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Start my route' })).toBeDisabled();
  expect(screen.getByText(/marks your 1 stop not started Out for delivery/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Print route sheet' })).toBeDisabled();
  // The map stays folded: its places are read once the live list is in.
  await userEvent.setup().click(screen.getByText("Map of the day's stops"));
  expect(screen.getByText("Map of the day's stops").closest('details')).not.toHaveAttribute('open');
  expect(api.deliveryDate).not.toHaveBeenCalled();
  expect(api.myDeliveriesStart).not.toHaveBeenCalled();
});

it('says "My Deliveries" when no record was kept', async () => {
  keep({ start: START, rows: [mine('a', 'Ana', 'not-started')] });
  renderPage();
  await keptStatus();
  expect(await screen.findByRole('heading', { level: 1, name: 'My Deliveries' })).toBeInTheDocument();
});

it('with nothing kept, waits for the sign-in without a list and without a request', async () => {
  keep(null);
  renderPage();
  expect(await screen.findByText('Finding the next delivery day…')).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(api.myDeliveriesStart).not.toHaveBeenCalled();
});

describe('on a phone', () => {
  onAPhoneWidth();

  it('the kept cards can be read, not acted on or moved; the month passed over is said as on the live screen', async () => {
    const lastMonth = { month: '2026-10', date: '2026-10-08', delivered: 3, notDelivered: 1 };
    keep({ start: { ...START, passedOver: lastMonth }, rows: [mine('a', 'Ana', 'not-started'), mine('b', 'Ben', 'out-for-delivery')] });
    renderPage();
    const card = await screen.findByRole('listitem', { name: /Ana/ });
    expect(within(card).getByRole('button', { name: 'Out for delivery to Ana Person' })).toBeDisabled();
    // Details open (reading is allowed), and moving waits too.
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Details for Ana Person' }));
    expect(within(card).getByRole('button', { name: 'Move Ana Person down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delivered to Ben Person' })).toBeDisabled();
    expect(within(card).getByRole('link', { name: 'Navigate to Ana Person' })).toBeInTheDocument();
    expect(screen.getByText(/^October 8 is done: 3 delivered, 1 not delivered\./)).toBeInTheDocument();
    // Said in full to a screen reader; seen short, so the heading keeps the width the live one has.
    expect(await keptStatus()).toHaveTextContent('Updating… showing the list kept on this device');
    expect(screen.getByText('showing the list kept on this device', { exact: false })).toHaveClass('visually-hidden');
  });
});
