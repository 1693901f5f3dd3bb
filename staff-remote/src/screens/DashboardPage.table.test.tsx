import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { deliveriesApi } from '../features/deliveries/api';
import { ApiError } from '@blooms/shared/runtime/api-client';
import { addMonths } from '@blooms/shared/contract/months';
import { ALL_SUBSCRIPTIONS, mapSearchUrl } from '@blooms/shared/contract/deliveries';
import DashboardPage from './DashboardPage';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { row, THIS_MONTH } from '../test/fixtures';
import { pushLive } from '../test/live-mock';
import { popup, renderDashboard, resetDashboard, rowOf, STAFF } from '../test/dashboard-page';

jest.mock('../features/deliveries/api');
jest.mock('@blooms/shared/runtime/live-client', () => ({ connectLive: jest.fn(() => () => undefined) }));
const api = jest.mocked(deliveriesApi);

beforeEach(resetDashboard);

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
      // Every row is in Utah: the heading says it once.
      'State all UT',
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
