import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import ConfirmationPage from './ConfirmationPage';
import { callFunction } from '../features/checkout/call-function';

jest.mock('../features/checkout/call-function', () => ({ callFunction: jest.fn() }));
const mockedCall = jest.mocked(callFunction);

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
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
  // Paid: the form kept for a return from checkout is forgotten.
  expect(window.sessionStorage.getItem(KEPT)).toBeNull();
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
  expect(await screen.findByRole('alert')).toHaveTextContent('Error verifying payment. Please check your email for confirmation or contact support.');
  expect(screen.getByRole('link', { name: 'Try Again' })).toBeInTheDocument();
});
