import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { LATER_CHARGES, MONEY_RULE } from '@blooms/shared/contract/site';
import ConfirmationPage from './ConfirmationPage';
import { claimsOutsideTheContract } from '@blooms/shared/contract/site-claims';
import { callFunction } from '../features/checkout/call-function';

jest.mock('../features/checkout/call-function', () => ({ callFunction: jest.fn() }));
const mockedCall = jest.mocked(callFunction);

function renderAt(url: string) {
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[url]}>
      <ConfirmationPage />
    </MemoryRouter>,
  );
}

const KEPT = 'blooms.subscribe-form';

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.setItem(KEPT, JSON.stringify({ firstName: 'Maria' }));
});

it('verifies the session, then says all set with a way home', async () => {
  mockedCall.mockResolvedValue({ payment_status: 'paid' });
  renderAt('/confirmation?session_id=cs_123');
  expect(screen.getByRole('status')).toHaveTextContent('Verifying your payment...');
  expect(await screen.findByRole('heading', { name: "You're All Set!" })).toBeInTheDocument();
  expect(mockedCall).toHaveBeenCalledWith('verifyCheckoutSession', { sessionId: 'cs_123' });
  expect(screen.getByText(/email confirmation/i)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  // The account is one tap away, and says how to get in.
  expect(screen.getByRole('link', { name: 'My subscription' })).toHaveAttribute('href', '/account');
  expect(screen.getByRole('link', { name: 'My subscription' }).closest('p')).toHaveTextContent(
    'You sign in there with a one-time link we e-mail you',
  );
  // Paid: the form kept for a return from checkout is forgotten.
  expect(window.sessionStorage.getItem(KEPT)).toBeNull();
});

it('shows what was bought: plan, months, address, first delivery day, payment, and how to skip or cancel', async () => {
  mockedCall.mockResolvedValue({
    payment_status: 'paid',
    order: {
      firstName: 'Maria',
      plan: 'custom',
      months: [1, 3],
      deliverTo: '215 E 400 S, Apt 3, Salt Lake City, UT 84111',
      firstDelivery: { month: '2027-01', date: '2027-01-14' },
      payments: 'stripe',
      gift: null,
    },
  });
  renderAt('/confirmation?session_id=cs_123');
  const order = await screen.findByRole('region', { name: 'Your order' });
  const lines = Array.from(order.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
  expect(lines).toEqual([
    ['Your plan', 'Custom plan: a hand-made seasonal arrangement in a vase, delivered by hand, $99 per delivered month'],
    ['Months', 'January, March'],
    ['Delivering to', '215 E 400 S, Apt 3, Salt Lake City, UT 84111'],
    ['First delivery', 'Thursday, January 14 (January 2027)'],
    ['Payment', `$99 was charged to your card today for your first delivery. ${MONEY_RULE} ${LATER_CHARGES}`],
    [
      'Skip, pause or cancel',
      'In My subscription, your account on this site. Skip or pause a month up to 7 days before its delivery. Cancel any time: nothing is charged after your last delivery.',
    ],
  ]);
});

it('states no price, notice or rule the contract does not hold', async () => {
  mockedCall.mockResolvedValue({
    payment_status: 'paid',
    order: {
      firstName: 'Maria',
      plan: 'yearly',
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      deliverTo: '1 Main St, Provo, UT 84601',
      firstDelivery: { month: '2027-01', date: '2027-01-14' },
      payments: 'stripe',
      gift: null,
    },
  });
  renderAt('/confirmation?session_id=cs_123');
  await screen.findByRole('region', { name: 'Your order' });
  expect(claimsOutsideTheContract(document.body.textContent ?? '')).toEqual([]);
});

it('says nothing was charged in test mode', async () => {
  mockedCall.mockResolvedValue({
    payment_status: 'paid',
    order: {
      firstName: 'Maria',
      plan: 'yearly',
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      deliverTo: '1 Main St, Provo, UT 84601',
      firstDelivery: { month: '2026-12', date: '2026-12-10' },
      payments: 'local',
      gift: null,
    },
  });
  renderAt('/confirmation?session_id=cs_123');
  const order = await screen.findByRole('region', { name: 'Your order' });
  expect(order).toHaveTextContent('Every month of the year');
  expect(order).toHaveTextContent('Test mode: no card was charged.');
});

it('without a session id, says so and offers Try Again', () => {
  renderAt('/confirmation');
  expect(screen.getByRole('heading', { name: 'Subscription Not Confirmed' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('Missing session ID in URL.');
  expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/subscribe');
  expect(mockedCall).not.toHaveBeenCalled();
});

it('for an unpaid session, says payment was not completed', async () => {
  mockedCall.mockResolvedValue({ payment_status: 'unpaid' });
  renderAt('/confirmation?session_id=cs_123');
  expect(await screen.findByRole('alert')).toHaveTextContent('Payment not completed. Please try again.');
  expect(screen.getByRole('heading', { name: 'Subscription Not Confirmed' })).toBeInTheDocument();
  // Not paid: Try Again finds the form as it was.
  expect(window.sessionStorage.getItem(KEPT)).not.toBeNull();
});

it('when verification fails, points to the e-mail and support', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  mockedCall.mockRejectedValue(new Error('internal'));
  renderAt('/confirmation?session_id=cs_123');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Error verifying payment. Please check your email for confirmation or contact support.',
  );
  expect(screen.getByRole('link', { name: 'Try Again' })).toBeInTheDocument();
});
