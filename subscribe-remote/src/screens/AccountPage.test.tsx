import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import type { Account, AccountSubscription } from '@blooms/shared/contract/account';
import { ACCOUNT_MESSAGES, SUBSCRIBE_MESSAGES, ZIP_MESSAGES } from '@blooms/shared/contract/messages';
import AccountPage from './AccountPage';
import { accountPhotoUrl, accountRequest, askForSignInLink, isSignInLink, signedInEmail } from '../features/account/account-session';
import { redirectTo } from '../features/checkout/redirect';

jest.mock('../features/account/account-session', () => ({
  accountRequest: jest.fn(),
  accountPhotoUrl: jest.fn(),
  askForSignInLink: jest.fn(),
  completeSignIn: jest.fn(),
  isSignInLink: jest.fn(),
  pendingEmail: jest.fn(),
  signedInEmail: jest.fn(),
  signOutOfAccount: jest.fn(),
}));
jest.mock('../features/checkout/redirect', () => ({ redirectTo: jest.fn() }));
const request = jest.mocked(accountRequest);
const photo = jest.mocked(accountPhotoUrl);

const SUBSCRIPTION: AccountSubscription = {
  id: 'b4f3c1de-0000-4000-8000-000000000001',
  plan: 'custom',
  months: [3, 6],
  recipient: 'Rosa Diaz',
  deliverTo: '1 Main St, Provo, UT 84601',
  address: { address: '1 Main St', unit: '', city: 'Provo', zip: '84601' },
  deliveryNotes: '',
  gift: false,
  status: 'active',
  statusLabel: 'Active',
  pausedFrom: null,
  pausedUntil: null,
  coming: [{ month: '2027-03', date: '2027-03-11', lastDayForChanges: '2027-03-04', state: 'delivering', changeable: true, chargeCents: 9900, chargeDate: '2027-03-05', paid: false }],
  lastDeliveryIfCancelled: null,
  past: [],
  payments: [],
};
const accountWith = (changes: Partial<AccountSubscription> = {}, cardUpdates = false): Account => ({
  email: 'rosa@example.com',
  cardUpdates,
  subscriptions: [{ ...SUBSCRIPTION, ...changes }],
});

async function renderSignedIn(account: Account) {
  jest.mocked(isSignInLink).mockResolvedValue(false);
  jest.mocked(signedInEmail).mockResolvedValue(account.email);
  request.mockResolvedValueOnce(account);
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <AccountPage />
    </MemoryRouter>,
  );
  await screen.findByText('rosa@example.com');
}

beforeEach(() => jest.resetAllMocks());

it('a Custom plan saves its new months and says so', async () => {
  await renderSignedIn(accountWith());
  const months = screen.getByRole('group', { name: 'Months to receive flowers' });
  const save = screen.getByRole('button', { name: 'Save months' });
  expect(save).toBeDisabled();
  await userEvent.click(within(months).getByRole('checkbox', { name: 'September' }));
  expect(screen.getByText('3 deliveries a year, $99 each')).toBeInTheDocument();
  request.mockResolvedValueOnce(accountWith({ months: [3, 6, 9] }));
  await userEvent.click(save);
  expect(request).toHaveBeenLastCalledWith(`/api/account/subscriptions/${SUBSCRIPTION.id}/months`, 'PUT', { months: [3, 6, 9] });
  expect(await screen.findByRole('status')).toHaveTextContent('Your months are saved.');

  // No month at all cannot be saved.
  for (const name of ['March', 'June', 'September']) await userEvent.click(within(months).getByRole('checkbox', { name }));
  expect(screen.getByText(SUBSCRIBE_MESSAGES.noMonths)).toBeInTheDocument();
  expect(save).toBeDisabled();
});

it('a Yearly plan has no months to choose', async () => {
  await renderSignedIn(accountWith({ plan: 'yearly', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }));
  expect(screen.queryByRole('button', { name: 'Save months' })).not.toBeInTheDocument();
});

it('an address outside the area cannot be saved; a good one is sent as typed', async () => {
  await renderSignedIn(accountWith());
  const zip = screen.getByLabelText('ZIP code');
  await userEvent.clear(zip);
  await userEvent.type(zip, '90210');
  expect(screen.getByText(ZIP_MESSAGES.outOfArea)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save address' })).toBeDisabled();
  await userEvent.clear(zip);
  await userEvent.type(zip, '84111');
  await userEvent.clear(screen.getByLabelText('City'));
  await userEvent.type(screen.getByLabelText('City'), 'Salt Lake City');
  await userEvent.type(screen.getByLabelText('Delivery notes (optional)'), 'Gate 12');
  request.mockResolvedValueOnce(accountWith({ address: { address: '1 Main St', unit: '', city: 'Salt Lake City', zip: '84111' }, deliveryNotes: 'Gate 12' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
  expect(request).toHaveBeenLastCalledWith(`/api/account/subscriptions/${SUBSCRIPTION.id}/address`, 'PUT', { address: '1 Main St', unit: '', city: 'Salt Lake City', zip: '84111', deliveryNotes: 'Gate 12' });
  expect(await screen.findByRole('status')).toHaveTextContent('Your address is saved.');
});

it('a refused change shows the server’s message and the account as it now stands', async () => {
  await renderSignedIn(accountWith());
  const refusal = ACCOUNT_MESSAGES.tooLate('March 2027', 'Thursday, March 4');
  request.mockRejectedValueOnce(new Error(refusal));
  request.mockResolvedValueOnce(accountWith({ coming: [{ ...SUBSCRIPTION.coming[0]!, changeable: false }] }));
  await userEvent.click(screen.getByRole('button', { name: 'Skip March 2027' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  expect(request).toHaveBeenLastCalledWith('/api/account');
  expect(screen.queryByRole('button', { name: 'Skip March 2027' })).not.toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Coming deliveries' })).getByText(/^Changes were due by/)).toBeInTheDocument();
});

it('Update card opens the payment provider’s page, and is offered only when cards can be changed', async () => {
  await renderSignedIn(accountWith({}, true));
  request.mockResolvedValueOnce({ url: 'https://billing.stripe.example/session/abc' });
  await userEvent.click(screen.getByRole('button', { name: 'Update card' }));
  expect(request).toHaveBeenLastCalledWith(`/api/account/subscriptions/${SUBSCRIPTION.id}/card`, 'POST');
  expect(redirectTo).toHaveBeenCalledWith('https://billing.stripe.example/session/abc');
});

it('without card updates there is no Update card button', async () => {
  await renderSignedIn(accountWith());
  expect(screen.queryByRole('button', { name: 'Update card' })).not.toBeInTheDocument();
});

it('a door photo is fetched with the sign-in and shown; one that fails says so', async () => {
  const delivered = (month: string) => ({ month, date: `${month}-11`, status: 'delivered' as const, photoUrl: `/api/account/subscriptions/${SUBSCRIPTION.id}/photos/${month}` });
  // jsdom has no object URLs; the photo's is let go when the page no longer shows it.
  URL.revokeObjectURL = jest.fn();
  let resolveJune!: (url: string) => void;
  photo.mockImplementation((path) => (path.endsWith('2026-06') ? new Promise((resolve) => (resolveJune = resolve)) : Promise.reject(new Error('404'))));
  await renderSignedIn(accountWith({ past: [delivered('2026-06'), delivered('2026-03')] }));
  expect(photo).toHaveBeenCalledWith(`/api/account/subscriptions/${SUBSCRIPTION.id}/photos/2026-06`);
  const june = screen.getByText(/^June 2026/).closest('li')!;
  expect(within(june).getByText('Loading the photo…')).toBeInTheDocument();
  await act(async () => resolveJune('blob:photo-june'));
  expect(within(june).getByRole('img', { name: 'Your flowers at the door, June 2026' })).toHaveAttribute('src', 'blob:photo-june');
  const march = screen.getByText(/^March 2026/).closest('li')!;
  expect(await within(march).findByText(/the photo could not be loaded/)).toBeInTheDocument();
});

it('cancelling asks first, naming the last delivery the server says it keeps', async () => {
  const paid = { ...SUBSCRIPTION.coming[0]!, paid: true, chargeCents: 0, chargeDate: null };
  const june = { month: '2027-06', date: '2027-06-10', lastDayForChanges: '2027-06-03', state: 'delivering' as const, changeable: true, chargeCents: 9900, chargeDate: '2027-06-04', paid: false };
  await renderSignedIn(accountWith({ coming: [paid, june], lastDeliveryIfCancelled: paid.date }));
  await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
  expect(screen.getByRole('group', { name: 'Confirm cancelling' })).toHaveTextContent('Your last delivery would be Thursday, March 11, 2027: it is paid for or too close to change.');
  request.mockResolvedValueOnce(accountWith({ status: 'cancelled', statusLabel: 'Cancelled, last delivery March 2027' }));
  await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel my subscription' }));
  expect(request).toHaveBeenLastCalledWith(`/api/account/subscriptions/${SUBSCRIPTION.id}/cancel`, 'POST', undefined);
  expect(await screen.findByText('Cancelled, last delivery March 2027')).toBeInTheDocument();
});

it('asking for a sign-in link shows one answer at a time: a refusal replaces "on its way"', async () => {
  jest.mocked(isSignInLink).mockResolvedValue(false);
  jest.mocked(signedInEmail).mockResolvedValue(null);
  jest.mocked(askForSignInLink).mockResolvedValueOnce(ACCOUNT_MESSAGES.signInLinkSent).mockRejectedValueOnce(new Error(ACCOUNT_MESSAGES.tooManySignInLinks));
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <AccountPage />
    </MemoryRouter>,
  );
  await userEvent.type(await screen.findByLabelText('Email'), 'rosa@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
  expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.signInLinkSent);
  await userEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.tooManySignInLinks);
  expect(screen.queryByRole('status')).toBeNull();
});
