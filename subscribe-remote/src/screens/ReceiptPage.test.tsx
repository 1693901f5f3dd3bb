import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { RECEIPT_NOT_FOUND, type ReceiptPage as Receipt } from '@blooms/shared/contract/receipts';
import { ApiError } from '@blooms/shared/runtime/api-client';
import ReceiptPage from './ReceiptPage';
import { accountApi, signedInEmail } from '../features/account/account-session';

jest.mock('../features/account/account-session', () => jest.requireActual('../test/account-session-mock').accountSessionMock());
const api = jest.mocked(accountApi);

const GIFT_RECEIPT: Receipt = {
  receipt: {
    number: 'R-000042',
    amount: '$297',
    deliveries: ['March 2027 delivery, on Thursday, March 11, 2027', 'April 2027 delivery, on Thursday, April 8, 2027'],
    card: null,
    paidOn: 'Friday, March 5, 2027',
  },
  plan: 'Gift: 3 deliveries, paid up front ($297)',
  paidBy: 'Sam Diaz',
  giftTo: 'Rosa Diaz',
  business: {
    name: 'Monthly Blooms',
    streetAddress: '455 Harvest Lane, Salt Lake City, UT 84101',
    contactEmail: 'hi@b.example',
    phone: '(801) 555-0123',
  },
};

function renderAt(search: string, signedIn: string | null) {
  jest.mocked(signedInEmail).mockResolvedValue(signedIn);
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[`/account/receipt${search}`]}>
      <ReceiptPage />
    </MemoryRouter>,
  );
}

beforeEach(() => jest.resetAllMocks());
afterEach(cleanup);

it('shows the receipt with the business, the payment, the plan and each delivery', async () => {
  api.receipt.mockResolvedValueOnce(GIFT_RECEIPT);
  renderAt('?number=R-000042', 'sam@example.com');
  const sheet = await screen.findByRole('article', { name: 'Receipt R-000042' });
  expect(api.receipt).toHaveBeenCalledWith({ params: { number: 'R-000042' } });
  expect(sheet).toHaveTextContent('455 Harvest Lane, Salt Lake City, UT 84101');
  expect(sheet).toHaveTextContent('Thank you: we charged $297 on Friday, March 5, 2027.');
  expect(screen.getByRole('row', { name: 'Paid with The card you saved with us' })).toBeInTheDocument();
  expect(screen.getByRole('row', { name: 'Plan Gift: 3 deliveries, paid up front ($297)' })).toBeInTheDocument();
  expect(screen.getAllByRole('row', { name: /^For / })).toHaveLength(2);
  expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
});

it('says what is wrong, and shows no receipt, for a receipt that is not theirs, a malformed number, or no sign-in', async () => {
  api.receipt.mockRejectedValueOnce(new ApiError(404, RECEIPT_NOT_FOUND));
  renderAt('?number=R-000043', 'sam@example.com');
  expect(await screen.findByRole('alert')).toHaveTextContent(RECEIPT_NOT_FOUND);
  cleanup();

  renderAt('?number=42;drop', 'sam@example.com');
  expect(await screen.findByRole('alert')).toHaveTextContent(RECEIPT_NOT_FOUND);
  cleanup();

  renderAt('?number=R-000042', null);
  expect(await screen.findByText(/to see your receipts/)).toHaveTextContent('Sign in to your account to see your receipts.');
  expect(api.receipt).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('article')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
});
