import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { ServerState } from '@blooms/shared/ui/ServerState';
import { ApiError } from '@blooms/shared/runtime/api-client';
import type { SubscriptionHistory } from '@blooms/shared/contract/subscription-history';
import { REFUND_MESSAGES, refundConfirmation } from '@blooms/shared/contract/billing';
import { RefundForm } from '../features/history/RefundForm';
import SubscriptionHistoryPage from './SubscriptionHistoryPage';

// The server's answers: the screen's query and changes call these.
const mockApi = { load: jest.fn(), photo: jest.fn(), refund: jest.fn() };
jest.mock('../features/history/api', () => ({
  historyApi: {
    history: (id: string) => ({ queryKey: ['history', id], queryFn: () => mockApi.load(id) }),
    photo: (...args: unknown[]) => mockApi.photo(...args),
    refund: (...args: unknown[]) => mockApi.refund(...args),
  },
}));
const api = mockApi;

const HISTORY: SubscriptionHistory = {
  subscription: { id: 's1', name: 'Rosa Diaz', email: 'rosa@example.com', status: 'active', createdAt: '2026-10-01T15:30:00.000Z' },
  events: [
    {
      kind: 'delivery',
      at: '2026-11-12T20:05:00.000Z',
      month: '2026-11',
      by: { kind: 'staff', name: 'Ella Driver', email: 'ella@blooms.example' },
      change: 'proof',
      detail: { method: 'door', photo: 'proofs/x.jpg' },
      photoUrl: '/api/subscriptions/s1/history/photos/7',
    },
    {
      kind: 'email',
      at: '2026-11-12T20:05:00.000Z',
      subject: 'Your November 2026 flowers are at the door',
      state: 'waiting',
      sentAt: null,
      attempts: 2,
    },
    {
      kind: 'change',
      at: '2026-10-20T16:00:00.000Z',
      by: { kind: 'subscriber', name: 'rosa@example.com' },
      change: 'skip',
      detail: { month: '2026-12' },
    },
    { kind: 'charge-declined', at: '2026-10-15T16:00:00.000Z', month: '2026-11', attempt: 1, reason: 'Your card has insufficient funds.' },
    { kind: 'payment', at: '2026-10-01T15:30:00.000Z', month: '2026-10', amountCents: 9900, atCheckout: true },
    {
      kind: 'subscribed',
      at: '2026-10-01T15:30:00.000Z',
      by: { kind: 'subscriber', name: 'Rosa Diaz (rosa@example.com), test checkout' },
      plan: 'yearly',
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      giftFrom: null,
    },
  ],
  refundable: [{ month: '2026-10', heldCents: 9900 }],
};

function renderAt(url: string) {
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[url]}>
      <SubscriptionHistoryPage />
    </MemoryRouter>,
  );
}

/** Types a refund into the form: its amount, why, and the choice for the month's delivery. */
async function fillRefund(form: HTMLElement, amount: string, why: string, delivery: string | RegExp) {
  await userEvent.type(within(form).getByRole('textbox', { name: 'Amount' }), amount);
  await userEvent.type(within(form).getByRole('textbox', { name: 'Why' }), why);
  await userEvent.click(within(form).getByRole('radio', { name: delivery }));
}

beforeEach(() => {
  jest.resetAllMocks();
  globalThis.URL.createObjectURL = jest.fn(() => 'blob:door-photo');
  globalThis.URL.revokeObjectURL = jest.fn();
  api.photo.mockResolvedValue(new Blob(['jpeg']));
});

describe("a subscription's history", () => {
  it('lists what happened, newest first, with when (studio time), what, and who', async () => {
    api.load.mockResolvedValue(HISTORY);
    renderAt('/subscription-history?id=s1');
    expect(await screen.findByRole('heading', { level: 1, name: 'History of Rosa Diaz' })).toBeInTheDocument();
    expect(api.load).toHaveBeenCalledWith('s1');
    expect(document.title).toBe('History of Rosa Diaz | Monthly Blooms');
    expect(screen.getByText(/rosa@example.com · Active · subscribed October 1, 2026/)).toBeInTheDocument();
    const events = within(screen.getByRole('list', { name: 'Events, newest first' })).getAllByRole('listitem');
    expect(events.map((event) => event.querySelector('.history__title')!.textContent)).toEqual([
      'November 2026 delivery: Delivered: left at the door, with a photo',
      'E-mail: Your November 2026 flowers are at the door',
      'Skipped December 2026',
      'Charge for November 2026 declined',
      'Paid $99 for October 2026',
      'Subscribed to the Yearly plan',
    ]);
    expect(within(events[0]!).getByText('by Ella Driver (ella@blooms.example)')).toBeInTheDocument();
    expect(within(events[0]!).getByRole('time')).toHaveTextContent('Nov 12, 2026, 1:05 PM');
    expect(within(events[1]!).getByText('Not sent yet (2 tries so far)')).toBeInTheDocument();
    expect(within(events[3]!).getByText('Try 1: Your card has insufficient funds.')).toBeInTheDocument();
    expect(within(events[5]!).getByText('Every month')).toBeInTheDocument();
    const photo = await within(events[0]!).findByRole('img', { name: 'Door photo of the November 2026 delivery' });
    expect(photo).toHaveAttribute('src', 'blob:door-photo');
    expect(api.photo).toHaveBeenCalledWith('/api/subscriptions/s1/history/photos/7');
  });

  it('says so when a door photo cannot be fetched', async () => {
    api.load.mockResolvedValue(HISTORY);
    api.photo.mockRejectedValue(new ApiError(404, 'Not found'));
    renderAt('/subscription-history?id=s1');
    expect(await screen.findByText('The photo could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Door photo/ })).not.toBeInTheDocument();
  });

  it('says where to find a history when none is asked for', async () => {
    renderAt('/subscription-history');
    expect(screen.getByRole('heading', { level: 1, name: 'Subscription history' })).toBeInTheDocument();
    expect(screen.getByText('Open a subscription’s history from its History link on the dashboard.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(api.load).not.toHaveBeenCalled();
  });

  it('says why it could not load, with a way to try again', async () => {
    api.load.mockRejectedValueOnce(new ApiError(404, 'There is no such subscription.'));
    renderAt('/subscription-history?id=gone');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the history: There is no such subscription.');
    api.load.mockResolvedValueOnce(HISTORY);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'History of Rosa Diaz' })).toBeInTheDocument();
  });

  it('an admin refunds part of a month with a reason and a choice for its delivery, once confirmed; the history then shows it', async () => {
    api.load.mockResolvedValue(HISTORY);
    const refunded: SubscriptionHistory = {
      ...HISTORY,
      events: [
        {
          kind: 'refund',
          at: '2026-11-20T16:00:00.000Z',
          month: '2026-10',
          by: { kind: 'staff', name: 'Bea Boss' },
          amountCents: 2500,
          reason: 'Vase broken',
          delivery: 'kept',
        },
        ...HISTORY.events,
      ],
      refundable: [{ month: '2026-10', heldCents: 7400 }],
    };
    api.refund.mockResolvedValue(refunded);
    renderAt('/subscription-history?id=s1');
    const form = await screen.findByRole('form', { name: 'Refund a month' });
    expect(within(form).getByRole('combobox', { name: 'Month' })).toHaveDisplayValue('October 2026: $99 paid');
    // No amount is not all of it: the amount is asked for.
    await userEvent.type(within(form).getByRole('textbox', { name: 'Why' }), 'Vase broken');
    await userEvent.click(within(form).getByRole('radio', { name: /Still delivered/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Refund October 2026' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(REFUND_MESSAGES.noAmount);
    expect(within(form).queryByRole('group', { name: /^Refund/ })).not.toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Amount' }), '25');
    // Refused before it is sent: no reason, then no choice for the delivery.
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Why' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Refund $25 for October 2026' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(REFUND_MESSAGES.noReason);
    await userEvent.type(within(form).getByRole('textbox', { name: 'Why' }), 'Vase broken');
    await userEvent.click(within(form).getByRole('radio', { name: /Still delivered/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Refund $25 for October 2026' }));
    // Asked first: the amount, the month, what happens to the delivery; nothing sent yet.
    const asked = refundConfirmation('$25', 'October 2026', 'kept', '$74');
    const question = within(form).getByRole('group', { name: 'Refund $25 for October 2026?' });
    expect(question).toHaveAccessibleDescription(`${asked.delivery} ${asked.payer}`);
    expect(within(question).getByRole('button', { name: 'Yes, refund $25' })).toHaveFocus();
    expect(within(form).queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
    expect(api.refund).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(api.refund).toHaveBeenCalledWith('s1', {
      month: '2026-10',
      amountCents: 2500,
      reason: 'Vase broken',
      delivery: 'kept',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{16,100}$/),
    });
    expect(await within(form).findByRole('status')).toHaveTextContent(REFUND_MESSAGES.done('$25', 'October 2026'));
    expect(screen.getByText('Refunded $25 for October 2026')).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Month' })).toHaveDisplayValue('October 2026: $74 paid');
    // The next refund starts empty: no amount offered, none taken by a second press.
    expect(within(form).getByRole('textbox', { name: 'Amount' })).toHaveValue('');
    await userEvent.click(within(form).getByRole('button', { name: 'Refund October 2026' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(REFUND_MESSAGES.noAmount);
    expect(api.refund).toHaveBeenCalledTimes(1);
  });

  it('a month not delivered is named so before it is refunded; Go back and Escape send nothing and return to the Refund button', async () => {
    api.load.mockResolvedValue(HISTORY);
    renderAt('/subscription-history?id=s1');
    const form = await screen.findByRole('form', { name: 'Refund a month' });
    await fillRefund(form, '40', 'We cannot come that week', 'Not delivered');
    await userEvent.click(within(form).getByRole('button', { name: 'Refund $40 for October 2026' }));
    const question = within(form).getByRole('group', { name: 'Refund $40 for October 2026?' });
    expect(question).toHaveTextContent(refundConfirmation('$40', 'October 2026', 'dropped', '$59').delivery);
    expect(question).toHaveTextContent('The other $59 paid for it goes to the next delivery.');
    await userEvent.click(within(question).getByRole('button', { name: 'Go back' }));
    expect(within(form).getByRole('button', { name: 'Refund $40 for October 2026' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(within(form).getByRole('group', { name: 'Refund $40 for October 2026?' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(within(form).queryByRole('group', { name: /^Refund/ })).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Refund $40 for October 2026' })).toHaveFocus();
    // A field changed while asked takes the question back: what is confirmed is what is shown.
    await userEvent.click(within(form).getByRole('button', { name: 'Refund $40 for October 2026' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Amount' }), '0');
    expect(within(form).queryByRole('group', { name: /^Refund/ })).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Refund $400 for October 2026' })).toBeInTheDocument();
    expect(api.refund).not.toHaveBeenCalled();
  });

  it('offers no refund again until the page shows what the refund left', async () => {
    const refunded = { ...HISTORY, refundable: [{ month: '2026-10', heldCents: 7400 }] };
    api.refund.mockResolvedValue(refunded);
    const page = render(
      <ServerState>
        <RefundForm subscriptionId="s1" refundable={HISTORY.refundable} onRefunded={() => {}} />
      </ServerState>,
    );
    await fillRefund(document.body, '25', 'Vase broken', /Still delivered/);
    await userEvent.click(screen.getByRole('button', { name: 'Refund $25 for October 2026' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, refund $25' }));
    expect(await screen.findByRole('status')).toHaveTextContent(REFUND_MESSAGES.done('$25', 'October 2026'));
    // The page still shows $99 paid: nothing to press.
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount' }), '74');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    page.rerender(
      <ServerState>
        <RefundForm subscriptionId="s1" refundable={refunded.refundable} onRefunded={() => {}} />
      </ServerState>,
    );
    expect(screen.getByRole('button', { name: 'Refund $74 for October 2026' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveDisplayValue('October 2026: $74 paid');
  });

  it('sends each refund it shows with a key of its own: the same key when pressed again after a failure, a new one once changed or made', async () => {
    api.load.mockResolvedValue(HISTORY);
    api.refund.mockRejectedValueOnce(new ApiError(503, 'We could not reach the server. Please try again.'));
    api.refund.mockResolvedValue(HISTORY);
    renderAt('/subscription-history?id=s1');
    const form = await screen.findByRole('form', { name: 'Refund a month' });
    await fillRefund(form, '10', 'Late', /Still delivered/);
    const confirm = async () => {
      await userEvent.click(within(form).getByRole('button', { name: /^Yes, refund \$/ }));
      await waitFor(() => expect(within(form).getByRole('button', { name: /^(Yes, refund|Refund) / })).toBeEnabled());
    };
    const press = async () => {
      await userEvent.click(within(form).getByRole('button', { name: /^Refund \$/ }));
      await confirm();
    };
    await press();
    expect(await within(form).findByRole('alert')).toHaveTextContent('Please try again.');
    // Still asked after the failure: confirmed again, the same refund.
    await confirm();
    const keys = () => api.refund.mock.calls.map(([, body]) => body.idempotencyKey);
    expect(keys()).toHaveLength(2);
    expect(keys()[1]).toBe(keys()[0]);
    // Made: the next refund is another, and so is one changed before it is sent.
    await fillRefund(form, '5', 'Late again', /Still delivered/);
    await press();
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Amount' }));
    await fillRefund(form, '6', 'Late', /Still delivered/);
    await press();
    expect(new Set(keys()).size).toBe(3);
  });

  it('says what the server refused, and more than the month holds is refused before it is sent', async () => {
    api.load.mockResolvedValue(HISTORY);
    api.refund.mockRejectedValue(new ApiError(403, 'Only admins may do that.'));
    renderAt('/subscription-history?id=s1');
    const form = await screen.findByRole('form', { name: 'Refund a month' });
    await fillRefund(form, '120', 'Late', 'Not delivered');
    await userEvent.click(within(form).getByRole('button', { name: 'Refund $120 for October 2026' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(REFUND_MESSAGES.tooMuch('October 2026', '$99'));
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Amount' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Amount' }), '99');
    await userEvent.click(within(form).getByRole('button', { name: 'Refund $99 for October 2026' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Yes, refund $99' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Only admins may do that.');
  });
});
