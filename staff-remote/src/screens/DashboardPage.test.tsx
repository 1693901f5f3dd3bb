import { screen, waitFor, within } from '@testing-library/react';
import { deliveriesApi } from '../features/deliveries/api';
import { ApiError } from '@blooms/shared/runtime/api-client';
import { addMonths, formatMonth } from '@blooms/shared/contract/months';
import { ALL_SUBSCRIPTIONS } from '@blooms/shared/contract/deliveries';
import { addDays, defaultDeliveryDate, formatDeliveryDate, studioDate } from '@blooms/shared/contract/delivery-dates';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { row, THIS_MONTH } from '../test/fixtures';
import { pushLive } from '../test/live-mock';
import { offerTestClock, popup, renderDashboard, resetDashboard, rowOf, usualDay } from '../test/dashboard-page';

jest.mock('../features/deliveries/api');
jest.mock('@blooms/shared/runtime/live-client', () => ({ connectLive: jest.fn(() => () => undefined) }));
const api = jest.mocked(deliveriesApi);

beforeEach(resetDashboard);

const SUMMARY = {
  month: THIS_MONTH,
  date: defaultDeliveryDate(THIS_MONTH),
  stops: 48,
  pickups: 2,
  unassigned: 2,
  assigned: 3,
  out: 3,
  delivered: 40,
  notDelivered: 0,
  dayPassed: false,
  drivers: [
    { email: 'ella@blooms.example', name: 'Ella Driver', done: 12, assigned: 20 },
    { email: 'admin@example.com', name: '', done: 28, assigned: 23 },
  ],
};

describe('the day summary', () => {
  it('counts the stops, the pickups among them, and each driver’s done of assigned; a figure pressed shows its stops, pressed again all', async () => {
    api.daySummary.mockResolvedValue(SUMMARY);
    const user = await renderDashboard();
    const summary = await screen.findByRole('region', { name: 'The day at a glance' });
    const figure = (name: RegExp) => within(summary).getByRole('button', { name });
    expect(
      within(summary)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['48 Stops', '2 Pickups', '2 To assign', '3 Assigned', '3 Out', '40 Delivered', '12 / 20 Ella', '28 / 23 admin']);
    await user.click(figure(/To assign/));
    expect(figure(/To assign/)).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(api.listMonth).toHaveBeenLastCalledWith(
        THIS_MONTH,
        { limit: 100 },
        { ...ALL_SUBSCRIPTIONS, scheduled: 'stop', status: 'not-started', assignee: 'unassigned' },
      ),
    );
    await user.click(figure(/^3 Assigned/));
    await waitFor(() =>
      expect(api.listMonth).toHaveBeenLastCalledWith(
        THIS_MONTH,
        { limit: 100 },
        { ...ALL_SUBSCRIPTIONS, scheduled: 'stop', status: 'not-started', assignee: 'assigned' },
      ),
    );
    expect(screen.getByLabelText('Status')).toHaveValue('not-started');
    expect(screen.getByLabelText('Assigned')).toHaveValue('assigned');
    expect(screen.getByLabelText('This month')).toHaveValue('stop');
    await user.click(figure(/Pickups/));
    await waitFor(() =>
      expect(api.listMonth).toHaveBeenLastCalledWith(THIS_MONTH, { limit: 100 }, { ...ALL_SUBSCRIPTIONS, scheduled: 'pickup' }),
    );
    expect(screen.getByLabelText('This month')).toHaveValue('pickup');
    await user.click(figure(/Ella/));
    await waitFor(() =>
      expect(api.listMonth).toHaveBeenLastCalledWith(
        THIS_MONTH,
        { limit: 100 },
        { ...ALL_SUBSCRIPTIONS, scheduled: 'stop', assignee: 'ella@blooms.example' },
      ),
    );
    await user.click(figure(/Ella/));
    await waitFor(() => expect(api.listMonth).toHaveBeenLastCalledWith(THIS_MONTH, { limit: 100 }, ALL_SUBSCRIPTIONS));
  });

  it('says how many stops were not delivered only once the day has passed, and lists them when pressed', async () => {
    api.daySummary.mockResolvedValue({ ...SUMMARY, out: 0, assigned: 0, unassigned: 0, delivered: 40, notDelivered: 8, dayPassed: true });
    const user = await renderDashboard();
    const summary = await screen.findByRole('region', { name: 'The day at a glance' });
    await user.click(within(summary).getByRole('button', { name: '8 Not delivered' }));
    await waitFor(() =>
      expect(api.listMonth).toHaveBeenLastCalledWith(
        THIS_MONTH,
        { limit: 100 },
        { ...ALL_SUBSCRIPTIONS, scheduled: 'stop', status: 'not-delivered' },
      ),
    );
    expect(screen.getByLabelText('Status')).toHaveValue('not-delivered');
  });

  it('leaves the pickups out of the figures on a day without any', async () => {
    api.daySummary.mockResolvedValue({ ...SUMMARY, stops: 1, pickups: 0 });
    await renderDashboard();
    const summary = await screen.findByRole('region', { name: 'The day at a glance' });
    expect(within(summary).getAllByRole('button')[0]).toHaveTextContent('1 Stop');
    expect(within(summary).queryByRole('button', { name: /Pickup/ })).toBeNull();
  });

  it('counts again when a change is heard on the live feed', async () => {
    api.daySummary.mockResolvedValue(SUMMARY);
    await renderDashboard();
    const summary = await screen.findByRole('region', { name: 'The day at a glance' });
    api.daySummary.mockResolvedValue({ ...SUMMARY, assigned: 2, out: 4 });
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

  it('a refused move says why, leaves the day as it was, and can be tried again', async () => {
    useAuthStore.setState({ role: 'admin' });
    api.testClock.mockResolvedValue({ today, pretending: false });
    const user = await renderDashboard();
    const summary = await screen.findByText('Test clock (test checkout only)');
    await user.click(summary);
    api.setTestClock.mockRejectedValue(new Error('The test clock cannot be moved while a billing run is under way.'));
    await user.type(screen.getByLabelText('Pretend today is'), later);
    await user.click(screen.getByRole('button', { name: 'Move the clock' }));
    await waitFor(() =>
      expect(popup()).toMatchObject({ kind: 'error', message: 'The test clock cannot be moved while a billing run is under way.' }),
    );
    expect(summary).toHaveTextContent(/^Test clock \(test checkout only\)$/);
    expect(screen.getByRole('button', { name: 'Move the clock' })).toBeEnabled();
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
