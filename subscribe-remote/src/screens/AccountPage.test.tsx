import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { CANCEL_REASONS, type Account, type AccountSubscription } from '@blooms/shared/contract/account';
import { ACCOUNT_DONE, ACCOUNT_MESSAGES, SUBSCRIBE_MESSAGES, ZIP_MESSAGES } from '@blooms/shared/contract/messages';
import AccountPage from './AccountPage';
import { claimsOutsideTheContract } from '@blooms/shared/contract/site-claims';
import { CANCEL_EXPLAINED, SKIP_EXPLAINED } from '@blooms/shared/contract/site';
import { FAQ } from '@blooms/shared/contract/faq';
import { ApiError } from '@blooms/shared/runtime/api-client';
import { accountApi, accountPhoto, isSignInLink, signedInEmail, signOutOfAccount } from '../features/account/account-session';
import { redirectTo } from '../features/checkout/redirect';

jest.mock('../features/account/account-session', () => jest.requireActual('../test/account-session-mock').accountSessionMock());

jest.mock('../features/checkout/redirect', () => ({ redirectTo: jest.fn() }));
const api = jest.mocked(accountApi);
const photo = jest.mocked(accountPhoto);

const SUBSCRIPTION: AccountSubscription = {
  id: 'b4f3c1de-0000-4000-8000-000000000001',
  plan: 'custom',
  months: [3, 6],
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
  coming: [
    {
      month: '2027-03',
      date: '2027-03-11',
      lastDayForChanges: '2027-03-04',
      state: 'delivering',
      changeable: true,
      chargeCents: 9900,
      chargeDate: '2027-03-05',
      paid: false,
    },
  ],
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
  api.account.mockResolvedValueOnce(account);
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <AccountPage />
    </MemoryRouter>,
  );
  await screen.findByText('rosa@example.com');
}

/** Opens a coming month's line to its card, as a subscriber does. */
async function openMonth(name: string) {
  await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${name} `), expanded: false }));
  return screen.getByRole('article', { name });
}

// Typing into several fields on a shared, busy machine can take longer than jest's 5 s.
jest.setTimeout(20_000);

beforeEach(() => jest.resetAllMocks());

it('a Custom plan saves its new months and says so', async () => {
  await renderSignedIn(accountWith());
  const months = screen.getByRole('group', { name: 'Months to receive flowers' });
  const save = screen.getByRole('button', { name: 'Save months' });
  expect(save).toBeDisabled();
  await userEvent.click(within(months).getByRole('checkbox', { name: 'September' }));
  expect(screen.getByText('3 deliveries a year, $99 each')).toBeInTheDocument();
  api.changeMonths.mockResolvedValueOnce(accountWith({ months: [3, 6, 9] }));
  await userEvent.click(save);
  expect(api.changeMonths).toHaveBeenLastCalledWith({ params: { id: SUBSCRIPTION.id }, body: { months: [3, 6, 9] } });
  expect(await screen.findByText(ACCOUNT_DONE.months)).toBeInTheDocument();
  // Undo puts the months back as they were.
  api.changeMonths.mockResolvedValueOnce(accountWith({ months: [3, 6] }));
  await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
  expect(api.changeMonths).toHaveBeenLastCalledWith({ params: { id: SUBSCRIPTION.id }, body: { months: [3, 6] } });
  expect(await screen.findByText(ACCOUNT_DONE.undone)).toBeInTheDocument();
  expect(within(months).getByRole('checkbox', { name: 'September' })).not.toBeChecked();

  // No month at all cannot be saved.
  for (const name of ['March', 'June']) await userEvent.click(within(months).getByRole('checkbox', { name }));
  expect(screen.getByText(SUBSCRIBE_MESSAGES.noMonths)).toBeInTheDocument();
  expect(save).toBeDisabled();
});

it('a Yearly plan has no months to choose', async () => {
  await renderSignedIn(accountWith({ plan: 'yearly', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }));
  expect(screen.queryByRole('button', { name: 'Save months' })).not.toBeInTheDocument();
});

it('an address outside the area cannot be saved; a good one is sent as typed', async () => {
  await renderSignedIn(accountWith());
  expect(screen.queryByLabelText('ZIP code')).not.toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Change address', expanded: false }));
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
  api.changeAddress.mockResolvedValueOnce(
    accountWith({ address: { address: '1 Main St', unit: '', city: 'Salt Lake City', zip: '84111' }, deliveryNotes: 'Gate 12' }),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
  expect(api.changeAddress).toHaveBeenLastCalledWith({
    params: { id: SUBSCRIPTION.id },
    body: { address: '1 Main St', unit: '', city: 'Salt Lake City', zip: '84111', deliveryNotes: 'Gate 12' },
  });
  const answer = await screen.findByText(ACCOUNT_DONE.address);
  // The answer is under the form it answers, in a live region.
  expect(answer.closest('form')).toContainElement(screen.getByRole('button', { name: 'Save address' }));
  expect(answer.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
});

it('a refused skip is answered in its month’s card, which then shows the month as it now stands, and takes the focus', async () => {
  await renderSignedIn(accountWith());
  const refusal = ACCOUNT_MESSAGES.tooLate('March 2027', 'Thursday, March 4');
  api.skipMonth.mockRejectedValueOnce(new Error(refusal));
  api.account.mockResolvedValueOnce(accountWith({ coming: [{ ...SUBSCRIPTION.coming[0]!, changeable: false }] }));
  const march = await openMonth('March 2027');
  await userEvent.click(within(march).getByRole('button', { name: 'Skip March 2027' }));
  const answer = await within(march).findByText(refusal);
  expect(answer.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  expect(api.skipMonth).toHaveBeenLastCalledWith({ params: { id: SUBSCRIPTION.id, month: '2027-03' } });
  expect(api.account).toHaveBeenCalledTimes(2);
  expect(within(march).queryByRole('button')).not.toBeInTheDocument();
  expect(march).toHaveTextContent('Too close to change: changes were due by Thursday, March 4.');
  // The button pressed is gone: the focus goes to the answer, not to the top of the page.
  expect(answer.closest('p')).toHaveFocus();
});

it('a skip is answered in its card, keeps the focus on its button, and can be undone', async () => {
  await renderSignedIn(accountWith());
  const march = await openMonth('March 2027');
  api.skipMonth.mockResolvedValueOnce(
    accountWith({ coming: [{ ...SUBSCRIPTION.coming[0]!, state: 'skipped', chargeCents: 0, chargeDate: null }] }),
  );
  await userEvent.click(within(march).getByRole('button', { name: 'Skip March 2027' }));
  expect(api.skipMonth).toHaveBeenLastCalledWith({ params: { id: SUBSCRIPTION.id, month: '2027-03' } });
  expect(await within(march).findByText(ACCOUNT_DONE.skipped('March 2027', 'Thursday, March 11'))).toBeInTheDocument();
  expect(within(march).getByRole('button', { name: 'Bring back March 2027' })).toHaveFocus();
  expect(march).toHaveTextContent('StatusSkipped');
  expect(march).toHaveTextContent('ChargeNothing');
  api.unskipMonth.mockResolvedValueOnce(accountWith());
  await userEvent.click(within(march).getByRole('button', { name: 'Undo' }));
  expect(api.unskipMonth).toHaveBeenLastCalledWith({ params: { id: SUBSCRIPTION.id, month: '2027-03' } });
  expect(await within(march).findByText(ACCOUNT_DONE.undone)).toBeInTheDocument();
  expect(march).toHaveTextContent('Charge$99.00 on Friday, March 5');
});

it('each coming month is a line with its state that opens to its card (day, status, charge); months not in the plan fold into one line that leads to the months', async () => {
  const month = (key: string, state: 'delivering' | 'not-in-plan' | 'skipped') => ({
    month: key,
    date: `${key}-11`,
    lastDayForChanges: `${key}-04`,
    state,
    changeable: true,
    chargeCents: state === 'delivering' ? 9900 : 0,
    chargeDate: state === 'delivering' ? `${key}-05` : null,
    paid: false,
  });
  await renderSignedIn(
    accountWith({
      months: [3, 6],
      coming: [
        month('2027-02', 'not-in-plan'),
        month('2027-03', 'delivering'),
        month('2027-04', 'not-in-plan'),
        month('2027-05', 'not-in-plan'),
        month('2027-06', 'skipped'),
      ],
    }),
  );
  const coming = screen.getByRole('region', { name: 'Coming deliveries' });
  // One line a month, its only control the line itself.
  expect(
    within(coming)
      .getAllByRole('listitem')
      .map((line) => within(line).getByRole('button').textContent),
  ).toEqual(['March 2027 Delivering', 'June 2027 Skipped']);
  // Folded: no card until its line is opened.
  expect(within(coming).queryByRole('article')).not.toBeInTheDocument();
  const line = within(coming).getByRole('button', { name: 'March 2027 Delivering' });
  expect(line).toHaveAttribute('aria-expanded', 'false');
  // By keyboard: Enter opens it, Space closes it.
  line.focus();
  await userEvent.keyboard('{Enter}');
  expect(line).toHaveAttribute('aria-expanded', 'true');
  const card = within(coming).getByRole('article', { name: 'March 2027' });
  expect(document.getElementById(line.getAttribute('aria-controls')!)).toContainElement(card);
  expect(card).toHaveTextContent(
    'DeliveryThursday, March 11StatusDeliveringCharge$99.00 on Friday, March 5You can change it until the end of Thursday, March 4.',
  );
  expect(within(card).getByRole('button', { name: 'Skip March 2027' })).toBeVisible();
  await userEvent.keyboard(' ');
  expect(line).toHaveAttribute('aria-expanded', 'false');
  expect(within(coming).queryByRole('article')).not.toBeInTheDocument();

  expect(within(coming).getByText(/^Not in your plan:/)).toHaveTextContent('Not in your plan: February, April, May. Change your months');
  expect(within(coming).getByRole('link', { name: 'Change your months' })).toHaveAttribute(
    'href',
    `#subscription-${SUBSCRIPTION.id}-months`,
  );
  expect(document.getElementById(`subscription-${SUBSCRIPTION.id}-months`)).toHaveTextContent('Your months');
});

it('each payment offers its receipt: amount, day paid, the delivery it pays for, and the card', async () => {
  await renderSignedIn(
    accountWith({
      payments: [
        {
          month: '2027-03',
          amountCents: 9900,
          paidAt: '2027-03-05T12:00:00Z',
          refundedCents: 2500,
          refunded: false,
          receipt: {
            number: 'R-000007',
            amount: '$99',
            deliveries: ['March 2027 delivery, on Thursday, March 11, 2027'],
            card: 'Visa ending in 4242',
            paidOn: 'Friday, March 5, 2027',
          },
        },
      ],
    }),
  );
  const payment = screen.getByText(/\$99\.00 for March 2027, paid/).closest('li')!;
  expect(payment).toHaveTextContent('$25.00 of it refunded');
  const receipt = within(payment).getByText('Receipt R-000007');
  expect(within(payment).getByText('Visa ending in 4242')).not.toBeVisible();
  await userEvent.click(receipt);
  expect(within(payment).getByText('Visa ending in 4242')).toBeVisible();
  expect(within(payment).getByText('March 2027 delivery, on Thursday, March 11, 2027')).toBeVisible();
  expect(within(payment).getByText('Friday, March 5, 2027')).toBeVisible();
  expect(within(payment).getByRole('link', { name: 'Printable receipt R-000007' })).toHaveAttribute(
    'href',
    '/account/receipt?number=R-000007',
  );
});

it('the account states no price, notice or rule the contract does not hold', async () => {
  const paid = { ...SUBSCRIPTION.coming[0]!, paid: true, chargeCents: 0, chargeDate: null, changeable: false };
  await renderSignedIn(
    accountWith({
      coming: [paid, { ...SUBSCRIPTION.coming[0]!, month: '2027-06', date: '2027-06-10' }],
      payments: [{ month: '2027-03', amountCents: 9900, paidAt: '2027-03-05T12:00:00Z', refundedCents: 0, refunded: false, receipt: null }],
    }),
  );
  expect(claimsOutsideTheContract(document.body.textContent ?? '')).toEqual([]);
});

it('a Yearly plan’s folded months offer no change of months', async () => {
  await renderSignedIn(accountWith({ plan: 'yearly', coming: [{ ...SUBSCRIPTION.coming[0]!, state: 'not-in-plan' }] }));
  expect(screen.getByText(/^Not in your plan:/)).toHaveTextContent('Not in your plan: March.');
  expect(screen.queryByRole('link', { name: 'Change your months' })).not.toBeInTheDocument();
});

it('a change refused because the sign-in no longer stands goes back to the sign-in form, saying why', async () => {
  await renderSignedIn(accountWith());
  api.skipMonth.mockRejectedValueOnce(new ApiError(401, 'Your sign-in has expired. Please sign in again.'));
  await userEvent.click(screen.getByRole('button', { name: 'Skip March 2027' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Your sign-in has expired. Please sign in again.');
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Your sign-in has expired. Please sign in again.');
  expect(screen.queryByText('rosa@example.com')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeInTheDocument();
  expect(api.account).toHaveBeenCalledTimes(1);
});

it('Update card opens the payment provider’s page, and is offered only when cards can be changed', async () => {
  await renderSignedIn(accountWith({}, true));
  api.cardPage.mockResolvedValueOnce({ url: 'https://billing.stripe.example/session/abc' });
  await userEvent.click(screen.getByRole('button', { name: 'Update card' }));
  expect(api.cardPage).toHaveBeenLastCalledWith({ params: { id: SUBSCRIPTION.id } });
  expect(redirectTo).toHaveBeenCalledWith('https://billing.stripe.example/session/abc');
});

it('without card updates there is no Update card button', async () => {
  await renderSignedIn(accountWith());
  expect(screen.queryByRole('button', { name: 'Update card' })).not.toBeInTheDocument();
});

it('a door photo is fetched with the sign-in and shown; one that fails says so', async () => {
  const delivered = (month: string) => ({
    month,
    date: `${month}-11`,
    status: 'delivered' as const,
    photoUrl: `/api/account/subscriptions/${SUBSCRIPTION.id}/photos/${month}`,
  });
  // jsdom has no object URLs; the photo's is let go when the page no longer shows it.
  URL.createObjectURL = jest.fn(() => 'blob:photo-june');
  URL.revokeObjectURL = jest.fn();
  let resolveJune!: (photo: Blob) => void;
  photo.mockImplementation((path) =>
    path.endsWith('2026-06') ? new Promise((resolve) => (resolveJune = resolve)) : Promise.reject(new Error('404')),
  );
  await renderSignedIn(accountWith({ past: [delivered('2026-06'), delivered('2026-03')] }));
  expect(photo).toHaveBeenCalledWith(`/api/account/subscriptions/${SUBSCRIPTION.id}/photos/2026-06`);
  const june = screen.getByText(/^June 2026/).closest('li')!;
  expect(within(june).getByText('Loading the photo…')).toBeInTheDocument();
  await act(async () => resolveJune(new Blob(['jpeg'])));
  expect(within(june).getByRole('img', { name: 'Your flowers at the door, June 2026' })).toHaveAttribute('src', 'blob:photo-june');
  const march = screen.getByText(/^March 2026/).closest('li')!;
  expect(await within(march).findByText(/the photo could not be loaded/)).toBeInTheDocument();
});

it('cancelling asks why, goes straight to a confirmation naming the last delivery when no change fits, and sends the reason', async () => {
  const paid = { ...SUBSCRIPTION.coming[0]!, paid: true, chargeCents: 0, chargeDate: null };
  const june = {
    month: '2027-06',
    date: '2027-06-10',
    lastDayForChanges: '2027-06-03',
    state: 'delivering' as const,
    changeable: true,
    chargeCents: 9900,
    chargeDate: '2027-06-04',
    paid: false,
  };
  await renderSignedIn(accountWith({ coming: [paid, june], lastDeliveryIfCancelled: paid.date }));
  await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
  const why = screen.getByRole('group', { name: 'Why are you cancelling?' });
  expect(
    within(why)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')!.textContent),
  ).toEqual(CANCEL_REASONS.map((reason) => reason.label));
  // No reason, no next step.
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Choose why you are cancelling.');
  await userEvent.click(within(why).getByRole('radio', { name: 'Something else' }));
  await userEvent.type(screen.getByLabelText('Tell us more (optional)'), 'Allergies in the house');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  const confirm = screen.getByRole('group', { name: 'Confirm cancelling' });
  expect(confirm).toHaveTextContent('Your last delivery would be Thursday, March 11, 2027: it is paid for or too close to change.');
  expect(confirm).toHaveFocus();
  api.cancel.mockResolvedValueOnce({
    ...accountWith({ status: 'cancelled', statusLabel: 'Cancelled, last delivery March 2027' }),
    lastDelivery: 'March 11, 2027',
  });
  await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel my subscription' }));
  expect(api.cancel).toHaveBeenLastCalledWith({
    params: { id: SUBSCRIPTION.id },
    body: { reason: 'other', otherText: 'Allergies in the house' },
  });
  expect(await screen.findByText('Cancelled, last delivery March 2027')).toBeInTheDocument();
});

it('away for a while: cancelling offers a pause instead, which is made and answered there, with Undo', async () => {
  await renderSignedIn(accountWith({ plan: 'yearly' }));
  await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
  await userEvent.click(screen.getByRole('radio', { name: 'I will be away for a while' }));
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  const offer = screen.getByRole('button', { name: 'Pause March 2027 to May 2027 instead' });
  api.pause.mockResolvedValueOnce(accountWith({ plan: 'yearly', pausedFrom: '2027-03', pausedUntil: '2027-05' }));
  await userEvent.click(offer);
  // Taken instead of cancelling, with the reason: the owner's figures count it.
  expect(api.pause).toHaveBeenLastCalledWith({
    params: { id: SUBSCRIPTION.id },
    query: { insteadOf: 'away' },
    body: { from: '2027-03', months: 3 },
  });
  const cancel = screen.getByRole('region', { name: 'Cancel' });
  expect(await within(cancel).findByText(ACCOUNT_DONE.paused('March 2027', 'May 2027'))).toBeInTheDocument();
  expect(within(cancel).getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
  api.resume.mockResolvedValueOnce(accountWith({ plan: 'yearly' }));
  await userEvent.click(within(cancel).getByRole('button', { name: 'Undo' }));
  expect(api.resume).toHaveBeenLastCalledWith({ params: { id: SUBSCRIPTION.id } });
});

it('it costs too much: cancelling offers to skip the next month instead, or to go on and cancel', async () => {
  await renderSignedIn(accountWith());
  await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
  await userEvent.click(screen.getByRole('radio', { name: 'It costs more than I want to spend' }));
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(screen.getByRole('button', { name: 'Skip March 2027 instead' })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Cancelling' })).toHaveTextContent('You can also choose fewer months above.');
  await userEvent.click(screen.getByRole('button', { name: 'No thanks, cancel' }));
  expect(screen.getByRole('group', { name: 'Confirm cancelling' })).toHaveTextContent('Nothing more would be delivered or charged.');
});

it('Sign out leaves nothing of the account behind: the next person signed in here sees only their own, once it has come', async () => {
  await renderSignedIn(accountWith());
  jest.mocked(signOutOfAccount).mockResolvedValue(undefined);
  await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(await screen.findByRole('button', { name: /sign-in link/i })).toBeInTheDocument();
  cleanup();

  jest.mocked(signedInEmail).mockResolvedValue('sam@example.com');
  let answer: (account: Account) => void = () => undefined;
  api.account.mockClear();
  api.account.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <AccountPage />
    </MemoryRouter>,
  );
  // Signed in (the saved session read), the account asked for and not yet answered.
  await waitFor(() => expect(api.account).toHaveBeenCalled());
  expect(screen.getByText('Loading your account…')).toBeInTheDocument();
  expect(screen.queryByText('rosa@example.com')).not.toBeInTheDocument();
  await act(async () => answer({ ...accountWith(), email: 'sam@example.com' }));
  expect(await screen.findByText('sam@example.com')).toBeInTheDocument();
});

it('explains skipping and cancelling in the words the FAQ answers them in (one text in shared/)', async () => {
  await renderSignedIn(accountWith({ plan: 'yearly' }));
  expect(screen.getByText(new RegExp(escapeRegExp(SKIP_EXPLAINED)))).toBeInTheDocument();
  const cancel = screen.getByRole('region', { name: 'Cancel' });
  expect(within(cancel).getByText(CANCEL_EXPLAINED)).toBeInTheDocument();
  const faq = (question: string) => FAQ.find((entry) => entry.question === question)!.answer;
  expect(faq('Can I skip a month?')).toContain(SKIP_EXPLAINED);
  expect(faq('How do I cancel?')).toContain(CANCEL_EXPLAINED);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

it('a year of payments and deliveries shows the latest three of each, newest first, the rest behind a button', async () => {
  const months = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
  await renderSignedIn(
    accountWith({
      payments: months.map((month) => ({
        month,
        amountCents: 9900,
        paidAt: `${month}-05T12:00:00Z`,
        refundedCents: 0,
        refunded: false,
        receipt: null,
      })),
      past: [...months].reverse().map((month) => ({ month, date: `${month}-11`, status: 'delivered' as const, photoUrl: null })),
    }),
  );
  const payments = screen.getByRole('region', { name: 'Payments' });
  const paymentLines = () =>
    within(payments)
      .getAllByText(/^\$99\.00 for/)
      .map((line) => line.textContent);
  expect(paymentLines()).toEqual([
    expect.stringMatching(/^\$99\.00 for December 2026/),
    expect.stringMatching(/^\$99\.00 for November 2026/),
    expect.stringMatching(/^\$99\.00 for October 2026/),
  ]);
  const earlierPayments = within(payments).getByRole('button', { name: 'Show 9 earlier payments', expanded: false });
  await userEvent.click(earlierPayments);
  expect(paymentLines()).toHaveLength(12);
  expect(paymentLines()[11]).toMatch(/^\$99\.00 for January 2026/);
  expect(earlierPayments).toHaveAttribute('aria-expanded', 'true');
  expect(earlierPayments).toHaveFocus();

  const past = screen.getByRole('region', { name: 'Past deliveries' });
  expect(
    within(past)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    expect.stringMatching(/^December 2026: delivered/),
    expect.stringMatching(/^November 2026: delivered/),
    expect.stringMatching(/^October 2026: delivered/),
  ]);
  await userEvent.click(within(past).getByRole('button', { name: 'Show 9 earlier deliveries' }));
  expect(within(past).getAllByRole('listitem')).toHaveLength(12);
});

it('three payments or fewer are all shown, with no button', async () => {
  await renderSignedIn(
    accountWith({
      payments: ['2027-01', '2027-02', '2027-03'].map((month) => ({
        month,
        amountCents: 9900,
        paidAt: `${month}-05T12:00:00Z`,
        refundedCents: 0,
        refunded: false,
        receipt: null,
      })),
    }),
  );
  const payments = screen.getByRole('region', { name: 'Payments' });
  expect(within(payments).getAllByText(/^\$99\.00 for/)).toHaveLength(3);
  expect(within(payments).queryByRole('button', { name: /earlier/ })).not.toBeInTheDocument();
});
