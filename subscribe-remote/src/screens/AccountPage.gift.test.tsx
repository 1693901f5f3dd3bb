import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import type { Account, AccountSubscription } from '@blooms/shared/contract/account';
import { SAVED_SUBSCRIBE_FORM_KEY } from '@blooms/shared/contract/app-start';
import { GIFT_END_RULE } from '@blooms/shared/contract/gifts';
import AccountPage from './AccountPage';
import { accountApi, isSignInLink, signedInEmail } from '../features/account/account-session';

jest.mock('../features/account/account-session', () => jest.requireActual('../test/account-session-mock').accountSessionMock());

jest.mock('../features/checkout/redirect', () => ({ redirectTo: jest.fn() }));
const api = jest.mocked(accountApi);

const month = (m: string, paid: boolean) => ({
  month: m,
  date: `${m}-11`,
  lastDayForChanges: `${m}-04`,
  state: 'delivering' as const,
  changeable: true,
  chargeCents: 0,
  chargeDate: null,
  paid,
});

const GIFT: AccountSubscription = {
  id: 'b4f3c1de-0000-4000-8000-000000000009',
  plan: 'custom',
  months: [3, 4, 5],
  recipient: 'Rosa Diaz',
  deliverTo: '1 Main St, Provo, UT 84601',
  address: { address: '1 Main St', unit: '', city: 'Provo', zip: '84601' },
  deliveryNotes: 'Side door',
  gift: true,
  giftTerms: {
    deliveries: 3,
    prepaid: true,
    left: 3,
    lastMonth: '2027-05',
    continueWith: {
      firstName: 'Rosa',
      lastName: 'Diaz',
      email: 'rosa@example.com',
      phone: '8015550111',
      buyerName: 'Sam Diaz',
      buyerEmail: 'sam@example.com',
    },
  },
  refundIfCancelledCents: 29700,
  status: 'active',
  statusLabel: 'Ends after May 2027',
  pausedFrom: null,
  pausedUntil: null,
  coming: [month('2027-03', true), month('2027-04', true), month('2027-05', true)],
  lastDeliveryIfCancelled: null,
  past: [],
  payments: ['2027-03', '2027-04', '2027-05'].map((m) => ({
    month: m,
    amountCents: 9900,
    paidAt: '2027-02-01T12:00:00Z',
    refundedCents: 0,
    refunded: false,
    receipt: null,
  })),
};
const accountWith = (changes: Partial<AccountSubscription> = {}): Account => ({
  email: 'sam@example.com',
  cardUpdates: false,
  subscriptions: [{ ...GIFT, ...changes }],
});

async function renderSignedIn(account: Account) {
  jest.mocked(isSignInLink).mockResolvedValue(false);
  jest.mocked(signedInEmail).mockResolvedValue(account.email);
  api.account.mockResolvedValueOnce(account);
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={['/account']}>
      <Routes>
        <Route path="/account" element={<AccountPage />} />
        <Route path="/subscribe" element={<p>The subscribe form</p>} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByText('sam@example.com');
}

jest.setTimeout(20_000);
beforeEach(() => {
  jest.resetAllMocks();
  window.sessionStorage.clear();
});

it('a running gift says how many deliveries are left and when the last is; its cancel prompt says what is refunded', async () => {
  await renderSignedIn(accountWith());
  expect(screen.getByText(`A gift of 3 deliveries, paid up front: 3 left, the last in May 2027. ${GIFT_END_RULE}`)).toBeInTheDocument();
  // Its deliveries were paid at checkout: the next one is part of the gift.
  expect(screen.getByRole('region', { name: 'Next delivery' })).toHaveTextContent('ChargeIncluded in your gift');
  await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
  await userEvent.click(screen.getByRole('radio', { name: 'I am moving out of the delivery area' }));
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  const confirm = screen.getByRole('group', { name: 'Confirm cancelling' });
  expect(confirm).toHaveTextContent('The gift was paid up front: $297 for the deliveries not made is refunded to your card.');

  const refunded = accountWith({
    status: 'cancelled',
    statusLabel: 'Cancelled',
    refundIfCancelledCents: 0,
    payments: GIFT.payments.map((p) => ({ ...p, refunded: true })),
  });
  api.cancel.mockResolvedValueOnce({ ...refunded, lastDelivery: null });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, cancel my subscription' }));
  expect(await screen.findByText('Cancelled')).toBeInTheDocument();
  expect(screen.getAllByText(/, refunded$/)).toHaveLength(3);
});

it('a complete gift takes no more changes and offers to continue it: the subscribe form opens filled in for the same recipient', async () => {
  await renderSignedIn(
    accountWith({
      status: 'complete',
      statusLabel: 'Gift complete, last delivery May 2027',
      giftTerms: { ...GIFT.giftTerms!, left: 0 },
      refundIfCancelledCents: 0,
      coming: [],
    }),
  );
  expect(screen.getByText('Gift complete, last delivery May 2027')).toBeInTheDocument();
  expect(screen.getByText('A gift of 3 deliveries, paid up front: all made.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Continue the gift for Rosa Diaz' }));
  expect(await screen.findByText('The subscribe form')).toBeInTheDocument();
  expect(JSON.parse(window.sessionStorage.getItem(SAVED_SUBSCRIBE_FORM_KEY)!)).toMatchObject({
    firstName: 'Rosa',
    lastName: 'Diaz',
    email: 'rosa@example.com',
    address: '1 Main St',
    zip: '84601',
    deliveryNotes: 'Side door',
    plan: 'custom',
    gift: true,
    buyerName: 'Sam Diaz',
    buyerEmail: 'sam@example.com',
    giftDeliveries: 3,
    giftPayment: 'prepaid',
  });
});
