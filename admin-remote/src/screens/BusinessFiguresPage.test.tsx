import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { ApiError } from '@blooms/shared/runtime/api-client';
import { CANCEL_REASONS } from '@blooms/shared/contract/account';
import {
  BUSINESS_FIGURES_MESSAGES,
  CARD_LINK_MESSAGES,
  FIGURE_DEFINITIONS,
  type BusinessFigures,
  type PaymentToChase,
} from '@blooms/shared/contract/business-figures';
import { CHASE_PAGE_SIZE } from '../features/figures/PaymentsToChase';
import { drawChart } from '../features/figures/chart-library';
import { textOf } from '../test-support/read-blob';
import { FIGURES_RECHECK_MS } from '../features/figures/use-figures';
import BusinessFiguresPage from './BusinessFiguresPage';

// The server's answers, by what was asked: the screen's queries call these.
const mockApi = { load: jest.fn(), paymentsToChase: jest.fn(), sendCardLinkAgain: jest.fn() };
jest.mock('../features/figures/api', () => ({
  figuresApi: {
    figures: (range: unknown) => ({ queryKey: ['figures', range], queryFn: () => mockApi.load(range) }),
    paymentsToChase: () => ({ queryKey: ['payments-to-chase'], queryFn: () => mockApi.paymentsToChase() }),
    sendCardLinkAgain: (id: string) => mockApi.sendCardLinkAgain(id),
  },
}));
// Chart.js draws on a canvas, which jsdom has not got; what each chart is given is checked instead.
jest.mock('../features/figures/chart-library', () => ({ drawChart: jest.fn(() => ({ destroy: jest.fn() })) }));
const api = mockApi;

const reasons = CANCEL_REASONS.map((reason) => ({ reason: reason.id, cancelled: 0, skippedInstead: 0, pausedInstead: 0 }));
reasons[1] = { reason: 'too-expensive', cancelled: 2, skippedInstead: 3, pausedInstead: 0 };
reasons[0] = { reason: 'away', cancelled: 1, skippedInstead: 0, pausedInstead: 4 };

const FIGURES: BusinessFigures = {
  from: '2026-10',
  to: '2026-11',
  subscribers: [
    {
      month: '2026-10',
      active: 40,
      yearly: 30,
      custom: 10,
      gifts: 5,
      paused: 2,
      held: 1,
      new: 8,
      cancelled: 3,
      churnRate: 0.075,
      netGrowth: 5,
    },
    {
      month: '2026-11',
      active: 1234,
      yearly: 1000,
      custom: 234,
      gifts: 12,
      paused: 6,
      held: 3,
      new: 20,
      cancelled: 2,
      churnRate: null,
      netGrowth: 18,
    },
  ],
  money: {
    months: [
      { month: '2026-10', chargedCents: 396000, refundedCents: 9900, netCents: 386100, expectedCents: 405900, differenceCents: -9900 },
      { month: '2026-11', chargedCents: 0, refundedCents: 0, netCents: 0, expectedCents: 122166, differenceCents: null },
    ],
    averagePerSubscriberYearCents: 81250,
  },
  leaving: { reasons, skippedInstead: 3, pausedInstead: 4 },
  retention: [{ month: '2026-10', size: 8, shares: [0.875, ...Array.from({ length: 11 }, () => null)] }],
  deliveries: [
    {
      month: '2026-10',
      date: '2026-10-08',
      planned: 40,
      deliveredOnTheDay: 37,
      deliveredLater: 2,
      notDelivered: 1,
      leftAtDoorWithPhoto: 11,
      failedAttempts: 3,
    },
    { month: '2026-11', date: '2026-11-12', planned: 45, deliveredOnTheDay: 0, deliveredLater: 0, notDelivered: 0, leftAtDoorWithPhoto: 0 },
  ],
  asOf: '2026-11-20T19:05:00.000Z',
  refreshing: false,
};

const ROSA: PaymentToChase = {
  subscriptionId: 's-rosa',
  name: 'Rosa Diaz',
  email: 'rosa@example.com',
  status: 'past-due',
  since: '2026-10',
  owedCents: 9900,
  tries: 3,
  lastEmailAt: '2026-10-16T15:00:00.000Z',
  sendAgainFrom: null,
};

function renderAt(url = '/figures') {
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[url]}>
      <BusinessFiguresPage />
    </MemoryRouter>,
  );
}

const part = (name: string) => screen.getByRole('region', { name });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

/** Clicks a Download CSV button and returns the file's name and text. */
async function downloadedBy(button: HTMLElement): Promise<{ name: string; text: string }> {
  let blob: Blob | null = null;
  globalThis.URL.createObjectURL = jest.fn((made: Blob) => {
    blob = made;
    return 'blob:csv';
  });
  globalThis.URL.revokeObjectURL = jest.fn();
  let name = '';
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    name = this.download;
  });
  await userEvent.click(button);
  click.mockRestore();
  return { name, text: await textOf(blob!) };
}

beforeEach(() => {
  jest.resetAllMocks();
  jest.mocked(drawChart).mockImplementation(() => ({ destroy: jest.fn() }));
  api.paymentsToChase.mockResolvedValue([ROSA]);
});

describe('the business figures', () => {
  it('opens on the server’s default range and shows every part’s numbers as tables, with charts', async () => {
    api.load.mockResolvedValue(FIGURES);
    renderAt();
    expect(screen.getByRole('heading', { level: 1, name: 'Business figures' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the figures…');
    expect(
      await screen.findByText('October 2026 to November 2026, from the subscription, payment and delivery history.'),
    ).toBeInTheDocument();
    expect(api.load).toHaveBeenCalledWith(null);
    expect(document.title).toBe('Business figures | Monthly Blooms');
    expect(screen.getByLabelText('From month')).toHaveValue('2026-10');
    expect(screen.getByLabelText('To month')).toHaveValue('2026-11');

    expect(rowsOf(screen.getByRole('table', { name: 'Subscribers by month' }))).toEqual([
      ['Month', 'Active', 'Yearly', 'Custom', 'Gifts', 'Paused', 'Held (payment)', 'New', 'Cancelled', 'Churn rate (%)', 'Net growth'],
      ['Oct 2026', '40', '30', '10', '5', '2', '1', '8', '3', '7.5%', '5'],
      ['Nov 2026', '1,234', '1,000', '234', '12', '6', '3', '20', '2', '–', '18'],
    ]);
    expect(within(part('Subscribers')).getByText('Net growth', { selector: 'dt' }).nextSibling).toHaveTextContent('23');

    expect(rowsOf(screen.getByRole('table', { name: 'Money by month (US dollars)' }))).toEqual([
      ['Month', 'Charged ($)', 'Refunded ($)', 'Net ($)', 'Expected ($)', 'Difference ($)'],
      ['Oct 2026', '$3,960.00', '$99.00', '$3,861.00', '$4,059.00', '-$99.00'],
      ['Nov 2026', '$0.00', '$0.00', '$0.00', '$1,221.66', '–'],
    ]);
    expect(within(part('Money')).getByText('Average per subscriber per year').nextSibling).toHaveTextContent('$812.50');

    const leaving = rowsOf(screen.getByRole('table', { name: 'Why people leave: reasons given in the range' }));
    expect(leaving[0]).toEqual(['Reason', 'Cancelled', 'Skipped a month instead', 'Paused instead']);
    expect(leaving).toContainEqual(['It costs more than I want to spend', '2', '3', '0']);
    expect(leaving).toContainEqual(['I will be away for a while', '1', '0', '4']);
    expect(leaving.at(-1)).toEqual(['All reasons', '3', '3', '4']);

    const retention = rowsOf(screen.getByRole('table', { name: /^Retention/ }));
    expect(retention[0]!.slice(0, 4)).toEqual(['First delivery', 'Subscriptions', '1 mo (%)', '2 mo (%)']);
    expect(retention[0]).toHaveLength(14);
    expect(retention[1]!.slice(0, 4)).toEqual(['Oct 2026', '8', '87.5%', '–']);

    expect(rowsOf(screen.getByRole('table', { name: 'Deliveries by delivery day' }))).toEqual([
      ['Delivery day', 'Planned', 'On the day', 'Later', 'Not delivered', 'Left at the door with a photo', 'Could not deliver (attempts)'],
      ['Thu, Oct 8, 2026', '40', '37', '2', '1', '11', '3'],
      // From an API of the release before, which does not count failed attempts.
      ['Thu, Nov 12, 2026', '45', '0', '0', '0', '0', '–'],
    ]);

    // Every row's first cell heads it, for screen readers.
    expect(within(screen.getByRole('table', { name: 'Deliveries by delivery day' })).getAllByRole('rowheader')).toHaveLength(2);
    // Four charts, each named and pointing to its table.
    expect(screen.getAllByRole('img', { name: /^Chart: .* Its numbers are in the table below\.$/ })).toHaveLength(4);
    expect(drawChart).toHaveBeenCalledTimes(4);
    const [, subscribersSpec] = jest.mocked(drawChart).mock.calls[0]!;
    expect(subscribersSpec).toMatchObject({
      labels: ['Oct 2026', 'Nov 2026'],
      series: [
        { label: 'Active', data: [40, 1234] },
        { label: 'Paused', data: [2, 6] },
        { label: 'Held (payment)', data: [1, 3] },
      ],
    });
    const deliveriesSpec = jest.mocked(drawChart).mock.calls[3]![1];
    expect(deliveriesSpec.series.find((series) => series.label === 'Still to come')!.data).toEqual([0, 45]);
  });

  it('opens on this month’s headline against last month’s, each figure’s definition a tap away', async () => {
    const month = { paused: 1, new: 2, cancelled: 1, netGrowth: 1 };
    api.load.mockResolvedValue({
      ...FIGURES,
      headline: {
        thisMonth: { ...month, month: '2026-11', active: 30, recurringRevenueCents: 297000, netChargedCents: 287100, churnRate: 1 / 29 },
        lastMonth: { ...month, month: '2026-10', active: 29, recurringRevenueCents: 287100, netChargedCents: 277200, churnRate: null },
        revenuePerSubscriberMonthCents: 9650,
      },
    });
    renderAt();
    const headline = await screen.findByRole('region', { name: 'This month: November 2026' });
    const tile = (name: string) => within(headline).getByRole('heading', { level: 3, name }).closest('li')!;
    expect(tile('Active subscribers')).toHaveTextContent('Active subscribers301 pausedOctober: 29 (+1)');
    expect(tile('Monthly recurring revenue')).toHaveTextContent(
      'Monthly recurring revenue$2,970.00Charged this month, less refunds: $2,871.00October: $2,871.00; charged $2,772.00',
    );
    expect(tile('Churn')).toHaveTextContent('Churn3.4%1 cancelledOctober: – (1 cancelled)');
    expect(tile('Net growth')).toHaveTextContent('Net growth+12 new, 1 cancelledOctober: +1');
    expect(within(part('Money')).getByText('Revenue per subscriber per month (ARPU)').nextSibling).toHaveTextContent('$96.50');
    expect(within(part('Money')).queryByText('Average per subscriber per year')).toBeNull();

    const toggle = within(tile('Churn')).getByRole('button', { name: 'How it’s counted: Churn' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(FIGURE_DEFINITIONS.churn)).not.toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(FIGURE_DEFINITIONS.churn)).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('shows no headline when the server gives none (an API older than it)', async () => {
    api.load.mockResolvedValue(FIGURES);
    renderAt();
    await screen.findByText(/^Figures as of/);
    expect(screen.queryByRole('region', { name: /^This month/ })).toBeNull();
  });

  it('says when the figures are of, and while they are being brought up to date asks again once, then shows the newer ones', async () => {
    // Noon in the studio (Denver, 7 hours behind UTC in November).
    jest.useFakeTimers({ now: new Date('2026-11-20T19:00:30.000Z'), doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const newer = {
        ...FIGURES,
        subscribers: [FIGURES.subscribers[0]!, { ...FIGURES.subscribers[1]!, new: 21 }],
        asOf: '2026-11-20T19:00:31.000Z',
      };
      api.load
        .mockResolvedValueOnce({ ...FIGURES, asOf: '2026-11-20T18:58:00.000Z', refreshing: true })
        .mockResolvedValueOnce({ ...newer, refreshing: false });
      renderAt();
      const asOf = await screen.findByText(/^Figures as of/);
      expect(asOf).toHaveTextContent('Figures as of 11:58 AM. Bringing them up to date…');
      expect(within(part('Subscribers')).getByText('New in the range').nextSibling).toHaveTextContent('28');
      expect(api.load).toHaveBeenCalledTimes(1);
      await act(async () => jest.advanceTimersByTime(FIGURES_RECHECK_MS));
      expect(api.load).toHaveBeenCalledTimes(2);
      expect(api.load).toHaveBeenLastCalledWith(null);
      expect(await screen.findByText(/^Figures as of 12:00 PM\.$/)).toBeInTheDocument();
      expect(within(part('Subscribers')).getByText('New in the range').nextSibling).toHaveTextContent('29');
      // Once only: the newer answer is shown as it is.
      await act(async () => jest.advanceTimersByTime(3 * FIGURES_RECHECK_MS));
      expect(api.load).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives the date too when the figures are of an earlier day, and does not ask again when they are up to date', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-21T15:00:00.000Z'), doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      api.load.mockResolvedValue(FIGURES);
      renderAt();
      expect(await screen.findByText(/^Figures as of/)).toHaveTextContent(/^Figures as of Nov 20, 2026, 12:05 PM\.$/);
      await act(async () => jest.advanceTimersByTime(3 * FIGURES_RECHECK_MS));
      expect(api.load).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('downloads each part as a CSV named by the range, with its header row and raw numbers', async () => {
    api.load.mockResolvedValue(FIGURES);
    renderAt();
    await screen.findByText(/^October 2026 to November 2026/);
    await screen.findByText('Rosa Diaz');
    const subscribers = screen.getByRole('button', { name: 'Download CSV: Subscribers by month' });
    expect(await downloadedBy(subscribers)).toEqual({
      name: 'subscribers-2026-10-to-2026-11.csv',
      text:
        'Month,Active,Yearly,Custom,Gifts,Paused,Held (payment),New,Cancelled,Churn rate (%),Net growth\r\n' +
        '2026-10,40,30,10,5,2,1,8,3,7.5,5\r\n' +
        '2026-11,1234,1000,234,12,6,3,20,2,,18\r\n',
    });
    const money = await downloadedBy(screen.getByRole('button', { name: 'Download CSV: Money by month (US dollars)' }));
    expect(money.name).toBe('money-2026-10-to-2026-11.csv');
    expect(money.text.split('\r\n').slice(0, 3)).toEqual([
      'Month,Charged ($),Refunded ($),Net ($),Expected ($),Difference ($)',
      '2026-10,3960,99,3861,4059,-99',
      '2026-11,0,0,0,1221.66,',
    ]);
    const leaving = await downloadedBy(screen.getByRole('button', { name: 'Download CSV: Why people leave: reasons given in the range' }));
    expect(leaving.text).toContain('\r\nThe flowers or the delivery were not what I hoped,0,0,0\r\n');
    expect(leaving.text.split('\r\n')[0]).toBe('Reason,Cancelled,Skipped a month instead,Paused instead');
    const chase = await downloadedBy(screen.getByRole('button', { name: 'Download CSV: Payments to chase, longest owing first' }));
    expect(chase).toEqual({
      name: 'payments-to-chase.csv',
      text: 'Name,Email,Status,Since,Owed ($),Tries,Last e-mail\r\nRosa Diaz,rosa@example.com,Past due,2026-10,99,3,2026-10-16T15:00:00.000Z\r\n',
    });
  });

  it('asks for the chosen range and, when the server refuses it, says why and keeps the figures shown', async () => {
    api.load.mockResolvedValueOnce(FIGURES);
    renderAt();
    await screen.findByRole('table', { name: 'Subscribers by month' });

    api.load.mockRejectedValueOnce(new ApiError(400, BUSINESS_FIGURES_MESSAGES.order));
    // jsdom keeps no half-typed month in a month field: the month is set whole, as a picker does.
    fireEvent.change(screen.getByLabelText('From month'), { target: { value: '2027-05' } });
    await userEvent.click(screen.getByRole('button', { name: 'Show figures' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BUSINESS_FIGURES_MESSAGES.order);
    expect(api.load).toHaveBeenLastCalledWith({ from: '2027-05', to: '2026-11' });
    expect(screen.getByRole('table', { name: 'Subscribers by month' })).toBeInTheDocument();
    expect(screen.getByLabelText('From month')).toHaveValue('2027-05');

    api.load.mockResolvedValueOnce({ ...FIGURES, from: '2026-11', subscribers: [FIGURES.subscribers[1]!] });
    fireEvent.change(screen.getByLabelText('From month'), { target: { value: '2026-11' } });
    await userEvent.click(screen.getByRole('button', { name: 'Show figures' }));
    expect(
      await screen.findByText('November 2026 to November 2026, from the subscription, payment and delivery history.'),
    ).toBeInTheDocument();
    expect(api.load).toHaveBeenLastCalledWith({ from: '2026-11', to: '2026-11' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens on the range in its address', async () => {
    api.load.mockResolvedValue(FIGURES);
    renderAt('/figures?from=2026-10&to=2026-11');
    await screen.findByRole('table', { name: 'Subscribers by month' });
    expect(api.load).toHaveBeenCalledWith({ from: '2026-10', to: '2026-11' });
  });

  it('says why the figures could not load, with a way to try again', async () => {
    api.load.mockRejectedValueOnce(new ApiError(503, 'The server could not answer just now. Please try again in a moment.'));
    renderAt();
    expect(await screen.findByText(/Could not load the figures: The server could not answer just now/)).toBeInTheDocument();
    api.load.mockResolvedValueOnce(FIGURES);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Subscribers by month' })).toBeInTheDocument();
  });

  it('says so when the chart library cannot be loaded, and still shows the numbers', async () => {
    jest.mocked(drawChart).mockImplementation(() => {
      throw new Error('chunk failed');
    });
    api.load.mockResolvedValue(FIGURES);
    renderAt();
    await waitFor(() => expect(screen.getAllByText('The chart could not be drawn; its numbers are in the table below.')).toHaveLength(4));
    expect(screen.getByRole('table', { name: 'Subscribers by month' })).toBeInTheDocument();
  });

  it('keeps a part’s table, its header row and its CSV when the range has nothing for it', async () => {
    api.load.mockResolvedValue({ ...FIGURES, retention: [] });
    renderAt();
    const table = await screen.findByRole('table', { name: /^Retention/ });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(14);
    expect(within(table).getByRole('cell')).toHaveTextContent('No first deliveries in the range.');
    const csv = await downloadedBy(screen.getByRole('button', { name: /^Download CSV: Retention/ }));
    expect(csv.text).toMatch(/^First delivery,Subscriptions,1 mo \(%\),.*,12 mo \(%\)\r\n$/);
  });
});

describe('payments to chase', () => {
  beforeEach(() => api.load.mockResolvedValue(FIGURES));

  it('lists who owes what since when, and sends the card-update link again with the server’s answer', async () => {
    let answer: (list: PaymentToChase[]) => void = () => undefined;
    api.sendCardLinkAgain.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderAt();
    const table = await screen.findByRole('table', { name: 'Payments to chase, longest owing first' });
    expect(rowsOf(table)).toEqual([
      ['Name', 'Email', 'Status', 'Since', 'Owed ($)', 'Tries', 'Last e-mail', 'Card-update link'],
      ['Rosa Diaz', 'rosa@example.com', 'Past due', 'Oct 2026', '$99.00', '3', 'Oct 16, 2026, 9:00 AM', 'Send the card-update link again'],
    ]);

    await userEvent.click(within(table).getByRole('button', { name: 'Send the card-update link again to Rosa Diaz' }));
    expect(api.sendCardLinkAgain).toHaveBeenCalledWith('s-rosa');
    const sending = within(table).getByRole('button', { name: 'Sending the card-update link to Rosa Diaz…' });
    expect(sending).toBeDisabled();

    await act(async () => answer([{ ...ROSA, lastEmailAt: '2026-11-20T17:00:00.000Z', sendAgainFrom: '2099-11-21T17:00:00.000Z' }]));
    expect(within(table).getByRole('status')).toHaveTextContent(CARD_LINK_MESSAGES.sent);
    expect(within(table).getByRole('button', { name: 'Send the card-update link again to Rosa Diaz' })).toBeDisabled();
    expect(within(table).getByText('Can be sent again from Nov 21, 2099, 10:00 AM.')).toBeInTheDocument();
    expect(within(table).getByText('Nov 20, 2026, 10:00 AM')).toBeInTheDocument();
  });

  it('shows the server’s refusal when the link was sent too recently', async () => {
    api.sendCardLinkAgain.mockRejectedValueOnce(new ApiError(429, CARD_LINK_MESSAGES.tooSoon));
    renderAt();
    const table = await screen.findByRole('table', { name: 'Payments to chase, longest owing first' });
    await userEvent.click(within(table).getByRole('button', { name: 'Send the card-update link again to Rosa Diaz' }));
    expect(await within(table).findByRole('alert')).toHaveTextContent(CARD_LINK_MESSAGES.tooSoon);
    expect(within(table).getByRole('button', { name: 'Send the card-update link again to Rosa Diaz' })).toBeEnabled();
  });

  it('holds the button back until the server says the link may be sent again, then offers it', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-20T17:00:00.000Z'), doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      api.paymentsToChase.mockResolvedValue([{ ...ROSA, sendAgainFrom: '2026-11-20T17:00:05.000Z' }]);
      renderAt();
      const button = await screen.findByRole('button', { name: 'Send the card-update link again to Rosa Diaz' });
      expect(button).toBeDisabled();
      expect(screen.getByText('Can be sent again from Nov 20, 2026, 10:00 AM.')).toBeInTheDocument();
      await act(async () => jest.advanceTimersByTime(6000));
      expect(button).toBeEnabled();
      expect(screen.queryByText(/^Can be sent again from/)).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows a long list a page at a time, and downloads all of it', async () => {
    const payers = Array.from({ length: CHASE_PAGE_SIZE + 5 }, (_, i) => ({ ...ROSA, subscriptionId: `s-${i}`, name: `Payer ${i}` }));
    api.paymentsToChase.mockResolvedValue(payers);
    renderAt();
    const table = await screen.findByRole('table', { name: 'Payments to chase, longest owing first' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + CHASE_PAGE_SIZE);
    expect(screen.getByText(`${CHASE_PAGE_SIZE} of ${CHASE_PAGE_SIZE + 5} shown.`)).toBeInTheDocument();
    const csv = await downloadedBy(screen.getByRole('button', { name: 'Download CSV: Payments to chase, longest owing first' }));
    expect(csv.text.trim().split('\r\n')).toHaveLength(1 + CHASE_PAGE_SIZE + 5);

    await userEvent.click(screen.getByRole('button', { name: 'Show 5 more' }));
    expect(within(table).getAllByRole('row')).toHaveLength(1 + CHASE_PAGE_SIZE + 5);
    expect(within(table).getByRole('rowheader', { name: `Payer ${CHASE_PAGE_SIZE + 4}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).not.toBeInTheDocument();
  });

  it('says when there is nothing to chase, in the table', async () => {
    api.paymentsToChase.mockResolvedValueOnce([]);
    renderAt();
    const table = await screen.findByRole('table', { name: 'Payments to chase, longest owing first' });
    expect(within(table).getByRole('cell')).toHaveTextContent('No payments to chase: every subscription’s payment has gone through.');
  });

  it('says why the list could not load, without hiding the other figures', async () => {
    api.paymentsToChase.mockRejectedValueOnce(new ApiError(404, 'The request was refused (404).'));
    renderAt();
    expect(await screen.findByText('Could not load the payments to chase: The request was refused (404).')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Subscribers by month' })).toBeInTheDocument();
  });
});
