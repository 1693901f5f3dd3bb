import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import type { Account, AccountMonth, AccountSubscription } from '@blooms/shared/contract/account';
import { ACCOUNT_DONE } from '@blooms/shared/contract/messages';
import AccountPage from './AccountPage';
import { accountApi, isSignInLink, signedInEmail } from '../features/account/account-session';

jest.mock('../features/account/account-session', () => jest.requireActual('../test/account-session-mock').accountSessionMock());
jest.mock('../features/checkout/redirect', () => ({ redirectTo: jest.fn() }));
const api = jest.mocked(accountApi);

const month = (key: string, changes: Partial<AccountMonth> = {}): AccountMonth => ({
  month: key,
  date: `${key}-11`,
  lastDayForChanges: `${key}-04`,
  state: 'delivering',
  changeable: true,
  chargeCents: 9900,
  chargeDate: `${key}-05`,
  paid: false,
  ...changes,
});

const SUBSCRIPTION: AccountSubscription = {
  id: 'b4f3c1de-0000-4000-8000-000000000002',
  plan: 'yearly',
  months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  recipient: 'Rosa Diaz',
  deliverTo: '1 Main St, Provo, UT 84601',
  address: { address: '1 Main St', unit: '', city: 'Provo', zip: '84601' },
  deliveryNotes: '',
  gift: false,
  giftTerms: null,
  refundIfCancelledCents: 0,
  status: 'active',
  statusLabel: 'Active',
  pausedFrom: null,
  pausedUntil: null,
  coming: [month('2027-03'), month('2027-04')],
  lastDeliveryIfCancelled: null,
  past: [{ month: '2027-02', date: '2027-02-11', status: 'delivered', photoUrl: null }],
  payments: [],
};
const accountWith = (changes: Partial<AccountSubscription> = {}): Account => ({
  email: 'rosa@example.com',
  cardUpdates: true,
  subscriptions: [{ ...SUBSCRIPTION, ...changes }],
});

async function renderSignedIn(account: Account) {
  jest.mocked(isSignInLink).mockResolvedValue(false);
  jest.mocked(signedInEmail).mockResolvedValue(account.email);
  api.account.mockResolvedValueOnce(account);
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <AccountPage />
    </MemoryRouter>,
  );
  await screen.findByText('rosa@example.com');
}

const lead = () => screen.getByRole('region', { name: 'Next delivery' });

jest.setTimeout(20_000);
beforeEach(() => jest.resetAllMocks());

it('leads with the next delivery: its day, what comes, its charge and until when it can be skipped', async () => {
  await renderSignedIn(
    accountWith({ coming: [month('2027-03', { state: 'skipped', chargeCents: 0, chargeDate: null }), month('2027-04')] }),
  );
  // A skipped month is not the next delivery: the one after it is.
  expect(lead()).toHaveTextContent(
    'Next deliverySunday, April 11FlowersYour April 2027 arrangementCharge$99.00 on Monday, April 5You can change it until the end of Sunday, April 4.Skip April 2027',
  );
});

it('a paid next delivery says so; one too close to change has no skip', async () => {
  await renderSignedIn(accountWith({ coming: [month('2027-03', { paid: true, chargeCents: 0, chargeDate: null, changeable: false })] }));
  expect(lead()).toHaveTextContent('ChargePaid');
  expect(lead()).toHaveTextContent('Paid: it is sure to go out.');
  expect(within(lead()).queryByRole('button')).not.toBeInTheDocument();
});

it('skipping from the lead answers there with Undo, which takes the focus; the card moves on to the next delivery; Undo brings the month back', async () => {
  await renderSignedIn(accountWith());
  api.skipMonth.mockResolvedValueOnce(accountWith({ coming: [month('2027-03', { state: 'skipped', chargeCents: 0 }), month('2027-04')] }));
  await userEvent.click(within(lead()).getByRole('button', { name: 'Skip March 2027' }));
  expect(api.skipMonth).toHaveBeenLastCalledWith({ params: { id: SUBSCRIPTION.id, month: '2027-03' } });
  const answer = await within(lead()).findByText(ACCOUNT_DONE.skipped('March 2027', 'Thursday, March 11'));
  expect(answer.closest('p')).toHaveFocus();
  expect(lead()).toHaveTextContent('Your April 2027 arrangement');
  // The coming months' line says it too.
  expect(screen.getByRole('button', { name: 'March 2027 Skipped' })).toBeInTheDocument();

  api.unskipMonth.mockResolvedValueOnce(accountWith());
  await userEvent.tab();
  expect(within(lead()).getByRole('button', { name: 'Undo' })).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  expect(api.unskipMonth).toHaveBeenLastCalledWith({ params: { id: SUBSCRIPTION.id, month: '2027-03' } });
  expect(await within(lead()).findByText(ACCOUNT_DONE.undone)).toBeInTheDocument();
  expect(lead()).toHaveTextContent('Your March 2027 arrangement');
});

it('deliveries on hold for a payment: the lead shows the held month as on hold, with no skip', async () => {
  await renderSignedIn(
    accountWith({
      status: 'past-due',
      statusLabel: 'Past due',
      coming: [month('2027-03', { state: 'stopped', chargeCents: 0, chargeDate: null })],
    }),
  );
  expect(lead()).toHaveTextContent('FlowersYour March 2027 arrangementStatusOn hold');
  expect(within(lead()).queryByRole('button')).not.toBeInTheDocument();
});

it('with no month delivering (all paused), the lead says nothing is planned', async () => {
  await renderSignedIn(accountWith({ coming: [month('2027-03', { state: 'paused', chargeCents: 0, chargeDate: null })] }));
  expect(lead()).toHaveTextContent('No delivery is planned in the coming months.');
});

it('a cancelled subscription has no lead, no pause, no address to change and no link to cancelling', async () => {
  await renderSignedIn(
    accountWith({ status: 'cancelled', statusLabel: 'Cancelled', coming: [month('2027-03', { state: 'stopped', chargeCents: 0 })] }),
  );
  expect(screen.queryByRole('region', { name: 'Next delivery' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Change address' })).not.toBeInTheDocument();
  expect(screen.getByRole('list', { name: 'More of this subscription' })).toHaveTextContent('Coming monthsPayments and receipts');
});

it('pause opens in place beside the next delivery, and its answer stays with it', async () => {
  await renderSignedIn(accountWith());
  const pause = screen.getByRole('button', { name: 'Pause', expanded: false });
  expect(screen.getByRole('button', { name: 'Pause deliveries', hidden: true })).not.toBeVisible();
  await userEvent.click(pause);
  expect(pause).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('region', { name: 'Pause' })).toContainElement(screen.getByRole('button', { name: 'Pause deliveries' }));
  api.pause.mockResolvedValueOnce(accountWith({ pausedFrom: '2027-03', pausedUntil: '2027-04' }));
  await userEvent.selectOptions(screen.getByLabelText('For'), '2 months');
  await userEvent.click(screen.getByRole('button', { name: 'Pause deliveries' }));
  expect(api.pause).toHaveBeenLastCalledWith({ params: { id: SUBSCRIPTION.id }, body: { from: '2027-03', months: 2 } });
  expect(await screen.findByText(ACCOUNT_DONE.paused('March 2027', 'April 2027'))).toBeVisible();
  await userEvent.click(pause);
  expect(screen.getByText(ACCOUNT_DONE.paused('March 2027', 'April 2027'))).not.toBeVisible();
});

it('a paused subscription opens with its pause shown and Resume at hand', async () => {
  await renderSignedIn(accountWith({ pausedFrom: '2027-03', pausedUntil: '2027-04' }));
  expect(screen.getByRole('button', { name: 'Pause' })).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByText(/^Paused from March 2027 to April 2027\./)).toBeVisible();
  expect(screen.getByRole('button', { name: 'Resume deliveries' })).toBeVisible();
});

it('the account reads in order of what matters, and its links lead to the rest', async () => {
  await renderSignedIn(accountWith({ plan: 'custom', months: [3, 4] }));
  expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
    'Next delivery',
    'Pause',
    'Change address',
    'Coming deliveries',
    'Your months',
    'Payments',
    'Cancel',
    'Past deliveries',
  ]);
  const links = within(screen.getByRole('list', { name: 'More of this subscription' })).getAllByRole('link');
  expect(links.map((link) => [link.textContent, document.querySelector(link.getAttribute('href')!)?.textContent])).toEqual([
    ['Coming months', 'Coming deliveries'],
    ['Payments and receipts', 'Payments'],
    ['Cancel your subscription', 'Cancel'],
  ]);
  // Changing the card goes with the payments.
  expect(screen.getByRole('region', { name: 'Payments' })).toContainElement(screen.getByRole('button', { name: 'Update card' }));
});
