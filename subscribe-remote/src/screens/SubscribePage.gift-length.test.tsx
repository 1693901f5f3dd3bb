import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GIFT_END_RULE, GIFT_LENGTH_RULE, GIFT_PREPAID_RULE } from '@blooms/shared/contract/gifts';
import { SAVED_SUBSCRIBE_FORM_KEY } from '@blooms/shared/contract/app-start';
import { fill, input, mockedCall, renderForm, resetSubscribePage, VALID } from '../test/subscribe-page';

jest.mock('../features/checkout/call-function', () => ({ callFunction: jest.fn() }));
jest.mock('../features/checkout/redirect', () => ({ redirectTo: jest.fn() }));
jest.mock('../features/order/use-upcoming-deliveries', () => jest.requireActual('../test/upcoming-deliveries'));

beforeEach(resetSubscribePage);

async function giftFromTom(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, VALID);
  await user.click(screen.getByRole('checkbox', { name: 'This is a gift' }));
  await user.type(input('Your name'), 'Tom Nguyen');
  await user.type(input('Your email (for receipts)'), 'tom@example.com');
}

describe('a gift’s length and payment', () => {
  it('is ongoing unless the buyer chooses a length; the payment choice appears with one, with the owner’s rules beside it', async () => {
    const user = userEvent.setup();
    renderForm();
    await giftFromTom(user);
    expect(screen.getByRole('radio', { name: 'Ongoing, until you cancel' })).toBeChecked();
    expect(screen.getByText(GIFT_LENGTH_RULE)).toBeVisible();
    expect(screen.queryByRole('radio', { name: /All up front/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '6 deliveries' }));
    const pay = within(screen.getByRole('group', { name: 'How you pay for it' }));
    expect(pay.getByRole('radio', { name: 'Per delivery: $99 as each one comes' })).toBeChecked();
    expect(pay.getByRole('radio', { name: 'All up front: $594 today' })).not.toBeChecked();
    expect(pay.getByText(`${GIFT_PREPAID_RULE} ${GIFT_END_RULE}`)).toBeVisible();
  });

  it('paid up front: the order, the glance and the button say what the checkout takes, and the payload carries the choice', async () => {
    const user = userEvent.setup();
    renderForm();
    mockedCall.mockResolvedValue({ url: 'https://checkout.example/pay/cs_3' });
    await giftFromTom(user);
    await user.click(screen.getByRole('radio', { name: '3 deliveries' }));
    await user.click(screen.getByRole('radio', { name: 'All up front: $297 today' }));

    const order = within(screen.getByRole('region', { name: 'Your order' }));
    const line = (label: string) => order.getByText(label).nextElementSibling;
    expect(line('Your plan')).toHaveTextContent(`Gift: 3 deliveries, paid up front ($297): a hand-made seasonal arrangement`);
    expect(line('Your plan')).toHaveTextContent(GIFT_END_RULE);
    expect(line('Months')).toHaveTextContent('Every month, from the first delivery');
    expect(screen.getByRole('radio', { name: 'Every month — one delivery a month' })).toBeChecked();
    expect(screen.getByText('Gift: 3 deliveries, paid up front ($297), one each month')).toBeVisible();
    for (const part of [screen.getByRole('group', { name: 'Your plan' }), screen.getByRole('region', { name: 'Your order' })])
      expect(part).not.toHaveTextContent(/Yearly|a year/);
    expect(line('Due today')).toHaveTextContent('$297, for all 3 deliveries of the gift.');
    await user.click(screen.getByRole('button', { name: 'Pay $297 for 3 deliveries' }));
    expect(mockedCall.mock.calls[0]![1]).toMatchObject({ gift_from_email: 'tom@example.com', gift_deliveries: 3, gift_payment: 'prepaid' });
  });

  it('back to ongoing, it is paid per delivery whatever was chosen before; the choice is kept for the tab', async () => {
    const user = userEvent.setup();
    renderForm();
    mockedCall.mockResolvedValue({ url: 'https://checkout.example/pay/cs_4' });
    await giftFromTom(user);
    await user.click(screen.getByRole('radio', { name: '12 deliveries' }));
    await user.click(screen.getByRole('radio', { name: 'All up front: $1188 today' }));
    expect(JSON.parse(window.sessionStorage.getItem(SAVED_SUBSCRIBE_FORM_KEY)!)).toMatchObject({
      giftDeliveries: 12,
      giftPayment: 'prepaid',
    });
    await user.click(screen.getByRole('radio', { name: 'Ongoing, until you cancel' }));
    await user.click(screen.getByRole('button', { name: 'Subscribe for $99/month' }));
    expect(mockedCall.mock.calls[0]![1]).toMatchObject({ gift_deliveries: 0, gift_payment: 'per-delivery' });
  });

  it('a form kept from a continued gift opens with its recipient, buyer and terms filled in', () => {
    window.sessionStorage.setItem(
      SAVED_SUBSCRIBE_FORM_KEY,
      JSON.stringify({ firstName: 'Rosa', lastName: 'Diaz', gift: true, buyerName: 'Sam', giftDeliveries: 6, giftPayment: 'prepaid' }),
    );
    renderForm();
    expect(input('First name').value).toBe('Rosa');
    expect(screen.getByRole('checkbox', { name: 'This is a gift' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '6 deliveries' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'All up front: $594 today' })).toBeChecked();
  });
});
