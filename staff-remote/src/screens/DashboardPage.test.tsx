import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { usePopupStore } from '@blooms/shared/runtime/popup-store';
import { deliveriesApi } from '../features/deliveries/api';
import { ApiError } from '@blooms/shared/runtime/api-client';
import { addMonths, formatMonth } from '@blooms/shared/contract/months';
import { ALL_SUBSCRIPTIONS, mapSearchUrl, REVERT_UNDO_SECONDS } from '@blooms/shared/contract/deliveries';
import DashboardPage from './DashboardPage';
import { addDays, defaultDeliveryDate, formatDeliveryDate, lastDayForChanges, studioDate } from '@blooms/shared/contract/delivery-dates';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { useAppConfig } from '@blooms/shared/runtime/app-config';
import type { AppConfig } from '@blooms/shared/contract/app-config';
import { row, THIS_MONTH } from '../test/fixtures';
import { pushLive } from '../test/live-mock';

jest.mock('../features/deliveries/api', () => ({
  ...jest.requireActual('../features/deliveries/api'),
  deliveriesApi: {
    listMonth: jest.fn(),
    exportCsv: jest.fn(),
    myDeliveries: jest.fn(),
    staff: jest.fn(),
    advanceStatus: jest.fn(),
    undoRevert: jest.fn(),
    assign: jest.fn(),
    recordProof: jest.fn(),
    proofPhoto: jest.fn(),
    deliveryDate: jest.fn(),
    startMonth: jest.fn(),
    daySummary: jest.fn(),
    setDeliveryDate: jest.fn(),
    testClock: jest.fn(),
    setTestClock: jest.fn(),
  },
}));
jest.mock('@blooms/shared/runtime/live-client', () => ({ connectLive: jest.fn(() => () => undefined) }));
const api = jest.mocked(deliveriesApi);

const STAFF = [
  { email: 'ella@blooms.example', name: 'Ella Driver', firstName: 'Ella' },
  { email: 'admin@example.com', name: '', firstName: 'admin' },
];
const popup = () => usePopupStore.getState().popup;
const usualDay = (month: string) => ({
  month,
  date: defaultDeliveryDate(month),
  isDefault: true,
  lastDayForChanges: lastDayForChanges(defaultDeliveryDate(month)),
});

async function renderDashboard(rows = [row('a', { firstName: 'Ana' }), row('b', { firstName: 'Ben' })]) {
  api.listMonth.mockResolvedValue({ rows, nextCursor: null, total: rows.length });
  api.staff.mockResolvedValue(STAFF);
  api.deliveryDate.mockImplementation(async (month) => usualDay(month));
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <DashboardPage />
    </MemoryRouter>,
  );
  await screen.findByRole('table');
  await screen.findByText(/^(Delivery day|Delivered on):/);
  return userEvent.setup();
}

const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;

/** The site's settings as /app-config.json gives them, with or without the test clock. */
const offerTestClock = (testClock: boolean) => useAppConfig.setState({ config: { testClock } as unknown as AppConfig });

beforeEach(() => {
  jest.clearAllMocks();
  usePopupStore.setState({ popup: null });
  useAuthStore.setState({ role: 'none' });
  api.testClock.mockResolvedValue(null);
  api.startMonth.mockResolvedValue({ month: THIS_MONTH, date: defaultDeliveryDate(THIS_MONTH), passedOver: null });
  // The summary has its own tests; elsewhere it is still on its way.
  api.daySummary.mockReturnValue(new Promise(() => undefined));
  offerTestClock(true);
});

const SUMMARY = {
  month: THIS_MONTH,
  date: defaultDeliveryDate(THIS_MONTH),
  stops: 48,
  unassigned: 5,
  out: 3,
  delivered: 40,
  notDelivered: 8,
  drivers: [
    { email: 'ella@blooms.example', name: 'Ella Driver', done: 12, assigned: 20 },
    { email: 'admin@example.com', name: '', done: 28, assigned: 23 },
  ],
};

describe('the day summary', () => {
  it('counts the stops and each driver’s done of assigned; a figure pressed shows its stops, pressed again all', async () => {
    api.daySummary.mockResolvedValue(SUMMARY);
    const user = await renderDashboard();
    const summary = await screen.findByRole('region', { name: 'The day at a glance' });
    const figure = (name: RegExp) => within(summary).getByRole('button', { name });
    expect(
      within(summary)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['48 To deliver', '5 Unassigned', '3 Out', '40 Delivered', '8 Not delivered', '12 / 20 Ella', '28 / 23 admin']);
    await user.click(figure(/Unassigned/));
    expect(figure(/Unassigned/)).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(api.listMonth).toHaveBeenLastCalledWith(
        THIS_MONTH,
        { limit: 100 },
        { ...ALL_SUBSCRIPTIONS, scheduled: 'yes', assignee: 'unassigned' },
      ),
    );
    await user.click(figure(/Not delivered/));
    await waitFor(() =>
      expect(api.listMonth).toHaveBeenLastCalledWith(
        THIS_MONTH,
        { limit: 100 },
        { ...ALL_SUBSCRIPTIONS, scheduled: 'yes', status: 'not-delivered' },
      ),
    );
    expect(screen.getByLabelText('Status')).toHaveValue('not-delivered');
    await user.click(figure(/Ella/));
    await waitFor(() =>
      expect(api.listMonth).toHaveBeenLastCalledWith(
        THIS_MONTH,
        { limit: 100 },
        { ...ALL_SUBSCRIPTIONS, scheduled: 'yes', assignee: 'ella@blooms.example' },
      ),
    );
    await user.click(figure(/Ella/));
    await waitFor(() => expect(api.listMonth).toHaveBeenLastCalledWith(THIS_MONTH, { limit: 100 }, ALL_SUBSCRIPTIONS));
  });

  it('counts again when a change is heard on the live feed', async () => {
    api.daySummary.mockResolvedValue(SUMMARY);
    await renderDashboard();
    const summary = await screen.findByRole('region', { name: 'The day at a glance' });
    api.daySummary.mockResolvedValue({ ...SUMMARY, out: 4, notDelivered: 8 });
    pushLive({ type: 'delivery', delivery: { ...row('a').delivery, status: 'out-for-delivery' } });
    await within(summary).findByRole('button', { name: /^4 Out/ });
  });
});

describe('where it opens', () => {
  it('on the month the server names, saying why it passed over this one; the navigator still goes back', async () => {
    const next = addMonths(THIS_MONTH, 1);
    const passedDay = defaultDeliveryDate(THIS_MONTH);
    api.startMonth.mockResolvedValue({
      month: next,
      date: `${next}-10`,
      passedOver: { month: THIS_MONTH, date: passedDay, delivered: 40, notDelivered: 8 },
    });
    const user = await renderDashboard();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(formatMonth(next));
    expect(api.listMonth).toHaveBeenLastCalledWith(next, { limit: 100 }, ALL_SUBSCRIPTIONS);
    const dayName = formatDeliveryDate(passedDay).split(', ')[1];
    expect(
      screen.getByText(`${dayName} is done: 40 delivered, 8 not delivered. Showing ${formatMonth(next).split(' ')[0]} 10.`),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(api.listMonth).toHaveBeenLastCalledWith(THIS_MONTH, { limit: 100 }, ALL_SUBSCRIPTIONS);
    expect(screen.queryByText(/is done:/)).toBeNull();
  });

  it('says why a row does not deliver: before its first delivery, skipped', async () => {
    await renderDashboard([
      row('a', { firstName: 'Ana' }, { scheduled: false, state: 'before-first', firstDelivery: '2026-12-10' }),
      row('b', { firstName: 'Ben' }, { scheduled: false, heldBy: 'skipped' }),
    ]);
    expect(within(rowOf('Ana')).getByText('No (first delivery December 10)')).toBeVisible();
    expect(within(rowOf('Ben')).getByText('No (skipped)')).toBeVisible();
  });
});

describe('month navigator', () => {
  it('starts at the current month and steps one month each way', async () => {
    const user = await renderDashboard();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(formatMonth(THIS_MONTH));
    expect(api.listMonth).toHaveBeenLastCalledWith(THIS_MONTH, { limit: 100 }, ALL_SUBSCRIPTIONS);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(formatMonth(addMonths(THIS_MONTH, 1)));
    expect(api.listMonth).toHaveBeenLastCalledWith(addMonths(THIS_MONTH, 1), { limit: 100 }, ALL_SUBSCRIPTIONS);
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(api.listMonth).toHaveBeenLastCalledWith(addMonths(THIS_MONTH, -1), { limit: 100 }, ALL_SUBSCRIPTIONS);
    await screen.findByRole('table');
  });
});

describe('the test clock', () => {
  const today = studioDate(new Date());
  const later = addDays(today, 30);

  it('is offered to admins when the server has one (the test checkout), moves forward and back, and says so', async () => {
    useAuthStore.setState({ role: 'admin' });
    api.testClock.mockResolvedValue({ today, pretending: false });
    const user = await renderDashboard();
    const summary = await screen.findByText('Test clock (test checkout only)');
    await user.click(summary);
    api.setTestClock.mockResolvedValue({ today: later, pretending: true });
    const input = screen.getByLabelText('Pretend today is');
    expect(input).toHaveAttribute('min', today);
    await user.type(input, later);
    await user.click(screen.getByRole('button', { name: 'Move the clock' }));
    expect(api.setTestClock).toHaveBeenCalledWith(later);
    expect(popup()).toMatchObject({
      kind: 'success',
      message: `The server now takes today to be ${formatDeliveryDate(later, { withYear: true })}.`,
    });
    expect(summary).toHaveTextContent(`the server pretends today is ${formatDeliveryDate(later, { withYear: true })}`);
    api.setTestClock.mockResolvedValue({ today, pretending: false });
    await user.click(screen.getByRole('button', { name: 'Back to the real date' }));
    expect(api.setTestClock).toHaveBeenLastCalledWith(null);
    expect(summary).toHaveTextContent(/^Test clock \(test checkout only\)$/);
  });

  it('is not there, nor asked for, where the site has none (real payments, Cloud Functions)', async () => {
    useAuthStore.setState({ role: 'admin' });
    offerTestClock(false);
    await renderDashboard();
    expect(api.testClock).not.toHaveBeenCalled();
    expect(screen.queryByText(/^Test clock/)).not.toBeInTheDocument();
  });

  it('is not offered to employees', async () => {
    useAuthStore.setState({ role: 'employee' });
    api.testClock.mockResolvedValue({ today, pretending: false });
    await renderDashboard();
    expect(api.testClock).not.toHaveBeenCalled();
    expect(screen.queryByText(/^Test clock/)).not.toBeInTheDocument();
  });
});

describe('the delivery day', () => {
  const NEXT = addMonths(THIS_MONTH, 1);
  const usual = usualDay(NEXT);
  const dayLine = () => screen.getByText(/^Delivery day:/).closest('p')!;

  async function showNextMonth(role: 'admin' | 'employee') {
    useAuthStore.setState({ role });
    const user = await renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await screen.findByText(new RegExp(formatDeliveryDate(usual.date)));
    return user;
  }

  it('shows the viewed month’s day, that it is the usual one, and the last day subscribers can change it', async () => {
    await showNextMonth('employee');
    expect(dayLine()).toHaveTextContent(
      `Delivery day: ${formatDeliveryDate(usual.date)} (the usual day: the second Thursday of the month)`,
    );
    expect(dayLine()).toHaveTextContent(
      `Subscribers can skip or change it until the end of ${formatDeliveryDate(usual.lastDayForChanges)}.`,
    );
    expect(screen.queryByRole('button', { name: 'Change day' })).not.toBeInTheDocument();
  });

  it('lets an admin move it within the month, and says so', async () => {
    const user = await showNextMonth('admin');
    const moved = { month: NEXT, date: `${NEXT}-20`, isDefault: false, lastDayForChanges: `${NEXT}-13` };
    api.setDeliveryDate.mockResolvedValue(moved);
    await user.click(screen.getByRole('button', { name: 'Change day' }));
    const input = screen.getByLabelText('New delivery day');
    expect(input).toHaveAttribute('max', addDays(`${addMonths(NEXT, 1)}-01`, -1));
    await user.clear(input);
    await user.type(input, `${NEXT}-20`);
    await user.click(screen.getByRole('button', { name: 'Save day' }));
    expect(api.setDeliveryDate).toHaveBeenCalledWith(NEXT, `${NEXT}-20`);
    expect(dayLine()).toHaveTextContent(`Delivery day: ${formatDeliveryDate(moved.date)} (moved by an admin)`);
    expect(popup()).toMatchObject({ kind: 'success', message: `Deliveries now go out on ${formatDeliveryDate(moved.date)}.` });
    expect(screen.queryByLabelText('New delivery day')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal and keeps the day as it was', async () => {
    const user = await showNextMonth('admin');
    api.setDeliveryDate.mockRejectedValue(new ApiError(400, 'That day has already passed: choose today or a later day.'));
    await user.click(screen.getByRole('button', { name: 'Change day' }));
    await user.click(screen.getByRole('button', { name: 'Save day' }));
    expect(popup()).toMatchObject({ kind: 'error', message: 'That day has already passed: choose today or a later day.' });
    expect(dayLine()).toHaveTextContent(formatDeliveryDate(usual.date));
    expect(screen.getByLabelText('New delivery day')).toBeInTheDocument();
  });

  it('follows a change another admin made, without reloading the rows', async () => {
    await showNextMonth('employee');
    const loads = api.listMonth.mock.calls.length;
    pushLive({
      type: 'delivery-date',
      deliveryDate: { month: addMonths(NEXT, 1), date: `${addMonths(NEXT, 1)}-02`, isDefault: false, lastDayForChanges: 'x' },
    });
    expect(dayLine()).toHaveTextContent(formatDeliveryDate(usual.date));
    pushLive({
      type: 'delivery-date',
      deliveryDate: { month: NEXT, date: `${NEXT}-21`, isDefault: false, lastDayForChanges: `${NEXT}-14` },
    });
    expect(dayLine()).toHaveTextContent(`Delivery day: ${formatDeliveryDate(`${NEXT}-21`)} (moved by an admin)`);
    expect(api.listMonth.mock.calls.length).toBe(loads);
  });
});

describe('the table', () => {
  it('has every column a dispatcher needs and links to My Deliveries', async () => {
    await renderDashboard();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '',
      'Name',
      'Email',
      'Phone',
      'Address',
      'Unit',
      'City',
      'State',
      'ZIP',
      'Notes',
      'Status',
      'Deliver This Month',
      'Assigned',
      'Submitted',
    ]);
    expect(screen.getByRole('link', { name: 'View My Deliveries' })).toHaveAttribute('href', '/my-deliveries');
  });

  it('shows a row: address as a map search, this month, assignee first name', async () => {
    const ana = row(
      'a',
      { firstName: 'Ana' },
      { assignedTo: 'ella@blooms.example', assigneeName: 'Ella Driver', status: 'out-for-delivery' },
    );
    await renderDashboard([ana]);
    const cells = within(rowOf('Ana'));
    expect(cells.getByRole('link', { name: '215 E 400 S' })).toHaveAttribute('href', mapSearchUrl(ana));
    expect(cells.getByText('(801) 555-0101')).toBeInTheDocument();
    expect(cells.getByText('Yes')).toBeInTheDocument();
    expect(cells.getByText('Ella')).toBeInTheDocument();
    expect(cells.getByRole('button', { name: /^Out For Delivery/ })).toBeInTheDocument();
  });

  it("says No for a month the subscription does not include, and it can't be selected", async () => {
    await renderDashboard([row('c', { firstName: 'Cora' }, { scheduled: false })]);
    const cells = within(rowOf('Cora'));
    expect(cells.getByText('No (not in plan)')).toBeInTheDocument();
    expect(cells.getByText('Unassigned')).toBeInTheDocument();
    expect(cells.getByRole('checkbox')).toBeDisabled();
    expect(cells.queryByRole('button', { name: /Not Started/ })).not.toBeInTheDocument();
  });

  it("shows the first 60 characters of the notes and the full notes, or '(No notes)', on click", async () => {
    const long = 'Gate code 4412. Please leave the vase by the side door if nobody answers the bell.';
    const user = await renderDashboard([row('a', { firstName: 'Ana', deliveryNotes: long }), row('b', { firstName: 'Ben' })]);
    const preview = within(rowOf('Ana')).getByRole('button', { name: /Notes for Ana/ });
    expect(preview).toHaveTextContent(`${long.slice(0, 60)}...`);
    await user.click(preview);
    expect(popup()).toMatchObject({ kind: 'info', message: long });
    await user.click(within(rowOf('Ben')).getByRole('button', { name: /Notes for Ben/ }));
    expect(popup()?.message).toBe('(No notes)');
  });

  it("labels an unknown stored status 'Unknown'", async () => {
    await renderDashboard([row('a', { firstName: 'Ana' }, { status: 'lost-in-transit' })]);
    expect(within(rowOf('Ana')).getByRole('button', { name: /^Unknown: change to Not Started/ })).toBeInTheDocument();
  });
});

describe('paging', () => {
  it('shows how many of how many, and loads the next page on request', async () => {
    api.listMonth.mockResolvedValueOnce({ rows: [row('a', { firstName: 'Ana' })], nextCursor: 'cursor-1', total: 2 });
    api.staff.mockResolvedValue(STAFF);
    render(
      <MemoryRouter future={ROUTER_FUTURE}>
        <DashboardPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Showing 1 of 2 subscriptions')).toBeInTheDocument();
    api.listMonth.mockResolvedValueOnce({ rows: [row('b', { firstName: 'Ben' })], nextCursor: null, total: 2 });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(api.listMonth).toHaveBeenLastCalledWith(THIS_MONTH, { limit: 100, cursor: 'cursor-1' }, ALL_SUBSCRIPTIONS);
    expect(await screen.findByRole('rowheader', { name: /Ben/ })).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 subscriptions')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('delivery photos', () => {
  it('opens the photo of a left-at-door delivery in a new tab', async () => {
    const user = await renderDashboard([
      row('a', { firstName: 'Ana' }, { status: 'delivered', proofImageUrl: '/api/deliveries/a/2026-11/proof' }),
      row('b', { firstName: 'Ben' }),
    ]);
    const tab = { location: { href: '' }, close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = jest.fn(() => 'blob:photo');
    api.proofPhoto.mockResolvedValue(new Blob(['x'], { type: 'image/jpeg' }));
    expect(within(rowOf('Ben')).queryByRole('button', { name: /photo/ })).not.toBeInTheDocument();
    await user.click(within(rowOf('Ana')).getByRole('button', { name: 'View the delivery photo for Ana Person' }));
    expect(api.proofPhoto).toHaveBeenCalledWith('/api/deliveries/a/2026-11/proof');
    expect(tab.location.href).toBe('blob:photo');
  });
});

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

describe('keyboard', () => {
  it('gives a row two Tab stops, the checkbox and the pill; the arrows reach the rest of the row', async () => {
    const user = await renderDashboard([
      row('a', { firstName: 'Ana' }, { proofImageUrl: null }),
      row('b', { firstName: 'Ben' }),
      row('c', { firstName: 'Cora' }, { scheduled: false }),
    ]);
    expect(screen.getByRole('table')).toHaveAccessibleDescription(/left and right arrow keys reach its links/);
    within(rowOf('Ana')).getByRole('checkbox').focus();
    await user.tab();
    expect(within(rowOf('Ana')).getByRole('button', { name: /^Not Started/ })).toHaveFocus();
    await user.tab();
    expect(within(rowOf('Ben')).getByRole('checkbox')).toHaveFocus();
    await user.tab();
    await user.tab();
    // Cora has no delivery this month: her row's Tab stop is her e-mail link.
    expect(within(rowOf('Cora')).getByRole('link', { name: /@/ })).toHaveFocus();

    within(rowOf('Ana')).getByRole('checkbox').focus();
    await user.keyboard('{ArrowRight}');
    expect(within(rowOf('Ana')).getByRole('link', { name: /@/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(rowOf('Ana')).getByRole('link', { name: '215 E 400 S' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(within(rowOf('Ana')).getByRole('link', { name: /\(801\)/ })).toHaveFocus();
  });
});

describe("a subscription's history", () => {
  it('is linked from each row for admins, under the day it began, reached by the arrows like the row’s other links', async () => {
    useAuthStore.setState({ role: 'admin' });
    const user = await renderDashboard();
    const link = within(rowOf('Ana')).getByRole('link', { name: 'History of Ana Person' });
    expect(link).toHaveAttribute('href', '/subscription-history?id=a');
    expect(link.closest('td')).toHaveClass('deliveries-table__submitted');
    expect(link).toHaveAttribute('tabindex', '-1');
    // The row's last control: the right arrow reaches it from the one before.
    const controls = [...rowOf('Ana').querySelectorAll<HTMLElement>('a[href], button:not(:disabled), input:not(:disabled)')];
    expect(controls.at(-1)).toBe(link);
    controls.at(-2)!.focus();
    await user.keyboard('{ArrowRight}');
    expect(link).toHaveFocus();
  });

  it('is not linked for employees', async () => {
    useAuthStore.setState({ role: 'employee' });
    await renderDashboard();
    expect(screen.queryByRole('link', { name: /^History of/ })).not.toBeInTheDocument();
  });
});

describe('live updates', () => {
  it("patches a row when anyone changes this month's delivery", async () => {
    await renderDashboard();
    pushLive({
      type: 'delivery',
      delivery: { ...row('b').delivery, status: 'delivered', assignedTo: 'ella@blooms.example', assigneeName: 'Ella Driver' },
    });
    expect(within(rowOf('Ben')).getByRole('button', { name: /^Delivered/ })).toBeInTheDocument();
    expect(within(rowOf('Ben')).getByText('Ella')).toBeInTheDocument();
  });

  it('ignores changes to another month', async () => {
    await renderDashboard();
    pushLive({ type: 'delivery', delivery: { ...row('b').delivery, month: addMonths(THIS_MONTH, 1), status: 'delivered' } });
    expect(within(rowOf('Ben')).getByRole('button', { name: /^Not Started/ })).toBeInTheDocument();
  });

  it('reloads the list and the users on a new subscription, a user change or a reconnect', async () => {
    await renderDashboard();
    api.listMonth.mockResolvedValue({
      rows: [row('n', { firstName: 'Nia' }), row('a', { firstName: 'Ana' }), row('b', { firstName: 'Ben' })],
      nextCursor: null,
      total: 3,
    });
    const staffCalls = api.staff.mock.calls.length;
    pushLive({ type: 'subscription-created', subscriptionId: 'n' });
    expect(await screen.findByRole('rowheader', { name: /Nia/ })).toBeInTheDocument();
    expect(api.staff.mock.calls.length).toBeGreaterThan(staffCalls);
    await act(async () => undefined);
  });
});

describe('subscriptions that are not simply running', () => {
  it('are marked under the name: past due, cancelled with the last delivery, ending; running ones are not', async () => {
    await renderDashboard([
      row('a', { firstName: 'Ana', lifecycle: { status: 'past-due', statusFrom: '2026-12', endsAfter: null } }),
      row('b', { firstName: 'Ben', lifecycle: { status: 'cancelled', statusFrom: '2026-12', endsAfter: '2026-11' } }),
      row('c', { firstName: 'Cal', lifecycle: { status: 'active', statusFrom: '2026-10', endsAfter: '2027-03' } }),
      row('d', { firstName: 'Dee' }),
    ]);
    expect(screen.getByRole('rowheader', { name: /Ana/ })).toHaveTextContent('Past due from December 2026');
    expect(screen.getByRole('rowheader', { name: /Ben/ })).toHaveTextContent('Cancelled, last delivery November 2026');
    expect(screen.getByRole('rowheader', { name: /Cal/ })).toHaveTextContent('Ends after March 2027');
    expect(screen.getByRole('rowheader', { name: /Dee/ })).toHaveTextContent(/^First-d Person$|^Dee Person$/);
  });

  it('are reloaded when one of them changes (a payment failed, a cancellation)', async () => {
    await renderDashboard();
    const loads = api.listMonth.mock.calls.length;
    pushLive({ type: 'subscription-changed', subscriptionId: 'a' });
    await act(async () => undefined);
    expect(api.listMonth.mock.calls.length).toBe(loads + 1);
  });
});

describe('finding subscriptions', () => {
  it('asks the server for what the search and filters say, once typing stops, from the first page', async () => {
    const user = await renderDashboard();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'cherry');
    await waitFor(() =>
      expect(api.listMonth).toHaveBeenLastCalledWith(THIS_MONTH, { limit: 100 }, { ...ALL_SUBSCRIPTIONS, search: 'cherry' }),
    );
    // One request for the whole word, not one per key.
    expect(api.listMonth.mock.calls.filter(([, , view]) => view?.search).length).toBe(1);
    await user.selectOptions(screen.getByLabelText('Status'), 'Out For Delivery');
    await user.selectOptions(screen.getByLabelText('Assigned'), 'Unassigned');
    await user.selectOptions(screen.getByLabelText('This month'), 'Delivery this month');
    await user.selectOptions(screen.getByLabelText('Subscription'), 'Past due');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Last name');
    expect(api.listMonth).toHaveBeenLastCalledWith(
      THIS_MONTH,
      { limit: 100 },
      {
        search: 'cherry',
        status: 'out-for-delivery',
        assignee: 'unassigned',
        scheduled: 'yes',
        city: '',
        subscription: 'past-due',
        sort: 'name',
      },
    );
    await screen.findByRole('table');
    expect(screen.getByText(/Showing 2 of 2 matching subscriptions/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(api.listMonth).toHaveBeenLastCalledWith(THIS_MONTH, { limit: 100 }, ALL_SUBSCRIPTIONS);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('says when nothing matches', async () => {
    const user = await renderDashboard();
    api.listMonth.mockResolvedValue({ rows: [], nextCursor: null, total: 0 });
    await user.selectOptions(screen.getByLabelText('Status'), 'Delivered');
    expect(await screen.findByText('No subscriptions match these filters.')).toBeInTheDocument();
  });

  it('exports the current view as a CSV download, and says when it cannot', async () => {
    const user = await renderDashboard();
    const createObjectURL = jest.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    api.exportCsv.mockResolvedValueOnce(new Blob(['Name\r\n']));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'ZIP code');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(api.exportCsv).toHaveBeenCalledWith(THIS_MONTH, { ...ALL_SUBSCRIPTIONS, sort: 'zip' });
    expect(clicked).toHaveBeenCalledTimes(1);
    api.exportCsv.mockRejectedValueOnce(new ApiError(503, 'The service is busy. Try again in a moment.'));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(popup()).toMatchObject({ kind: 'error', message: 'The service is busy. Try again in a moment.' });
    clicked.mockRestore();
  });
});
