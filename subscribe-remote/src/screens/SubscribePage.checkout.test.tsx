import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MONTH_NAMES } from '@blooms/shared/contract/months';
import { SUBSCRIBE_MESSAGES } from '@blooms/shared/contract/messages';
import { assign, fill, input, mockedCall, popup, renderForm, resetSubscribePage, submitButton, VALID } from '../test/subscribe-page';

jest.mock('../features/checkout/call-function', () => ({ callFunction: jest.fn() }));
jest.mock('../features/checkout/redirect', () => ({ redirectTo: jest.fn() }));
jest.mock('../features/order/use-upcoming-deliveries', () => jest.requireActual('../test/upcoming-deliveries'));

beforeEach(resetSubscribePage);

describe('checkout', () => {
  it('sends the trimmed payload, shows Processing, and goes to the payment page', async () => {
    const user = userEvent.setup();
    renderForm();
    let resolve: (value: { url: string }) => void = () => undefined;
    mockedCall.mockReturnValue(new Promise((r) => (resolve = r)));
    await fill(user, { ...VALID, 'First name': '  Maria ' });
    await user.type(input('Delivery notes (optional)'), ' Gate 4412 ');
    await user.click(screen.getByRole('radio', { name: /Custom/ }));
    for (const month of MONTH_NAMES.filter((m) => m !== 'January' && m !== 'March'))
      await user.click(screen.getByRole('checkbox', { name: month }));
    await user.click(submitButton());

    expect(popup()).toMatchObject({ kind: 'info', message: 'Processing your subscription...' });
    const [name, payload] = mockedCall.mock.calls[0]!;
    expect(name).toBe('createCheckoutSession');
    expect(payload).toEqual({
      email: 'maria@example.com',
      first_name: 'Maria',
      last_name: 'Lopez',
      phone: '8015550101',
      address: '215 E 400 S',
      unit: '',
      city: 'Salt Lake City',
      state: 'UT',
      zip: '84111',
      notes: 'Gate 4412',
      plan: 'custom',
      months: 'January,March',
      sub_id: expect.stringMatching(/^mariaexamplecom-\d{13}$/),
    });
    await act(async () => resolve({ url: 'https://checkout.example/pay/cs_1' }));
    expect(assign).toHaveBeenCalledWith('https://checkout.example/pay/cs_1');
  });

  it('sends a gift with its buyer and card message, and only while it is ticked', async () => {
    const user = userEvent.setup();
    renderForm();
    mockedCall.mockResolvedValue({ url: 'https://checkout.example/pay/cs_2' });
    await fill(user, VALID);
    expect(screen.getByLabelText('Your name')).not.toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'This is a gift' }));
    await user.click(submitButton());
    expect(popup()).toMatchObject({ kind: 'error', message: 'Please enter your name for the gift.' });
    await user.type(input('Your name'), ' Tom Nguyen ');
    await user.type(input('Your email (for receipts)'), 'tom@');
    await user.click(submitButton());
    expect(popup()).toMatchObject({ kind: 'error', message: 'Please enter a valid email address for your gift receipt.' });
    expect(mockedCall).not.toHaveBeenCalled();
    await user.type(input('Your email (for receipts)'), 'example.com');
    await user.type(screen.getByLabelText('Card message (optional)'), 'Happy birthday, Mom!');
    await user.click(submitButton());
    expect(mockedCall.mock.calls[0]![1]).toMatchObject({
      email: 'maria@example.com',
      gift_from_name: 'Tom Nguyen',
      gift_from_email: 'tom@example.com',
      gift_message: 'Happy birthday, Mom!',
    });

    await user.click(screen.getByRole('checkbox', { name: 'This is a gift' }));
    await user.click(submitButton());
    expect(mockedCall.mock.calls[1]![1]).not.toHaveProperty('gift_from_email');
  });

  it("sends months 'all' for the yearly plan", async () => {
    const user = userEvent.setup();
    renderForm();
    mockedCall.mockResolvedValue({ url: 'https://checkout.example/x' });
    await fill(user, VALID);
    await user.click(submitButton());
    expect(mockedCall.mock.calls[0]![1]).toMatchObject({ plan: 'yearly', months: 'all' });
  });

  it('says so when no checkout URL comes back', async () => {
    const user = userEvent.setup();
    renderForm();
    mockedCall.mockResolvedValue({});
    await fill(user, VALID);
    await user.click(submitButton());
    expect(popup()?.message).toBe('No checkout URL received from Stripe');
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    [new Error('We only deliver in Utah: state must be UT.'), 'Error: We only deliver in Utah: state must be UT.'],
    [new Error(''), 'Error: Unknown error'],
  ])('shows a failure as "Error: ..."', async (error, message) => {
    const user = userEvent.setup();
    renderForm();
    mockedCall.mockRejectedValue(error);
    await fill(user, VALID);
    await user.click(submitButton());
    expect(popup()).toMatchObject({ kind: 'error', message });
  });
});

describe('coming back from checkout', () => {
  it('finds the form as it was left, custom months included, and says nothing was charged', async () => {
    const user = userEvent.setup();
    const first = renderForm();
    await fill(user, VALID);
    await user.type(input('Apt, suite or unit (optional)'), '4B');
    await user.click(screen.getByRole('radio', { name: /Custom/ }));
    for (const month of MONTH_NAMES.filter((m) => !['March', 'June'].includes(m)))
      await user.click(screen.getByRole('checkbox', { name: month }));
    first.unmount();

    renderForm(null, '/subscribe?checkout=cancelled');
    expect(await screen.findByRole('status')).toHaveTextContent(SUBSCRIBE_MESSAGES.checkoutCancelled);
    for (const [label, value] of Object.entries(VALID)) expect(input(label)).toHaveValue(value);
    expect(input('Apt, suite or unit (optional)')).toHaveValue('4B');
    expect(screen.getByRole('radio', { name: /Custom/ })).toBeChecked();
    expect(MONTH_NAMES.filter((month) => (screen.getByRole('checkbox', { name: month }) as HTMLInputElement).checked)).toEqual([
      'March',
      'June',
    ]);
  });

  it('starts empty, with no cancelled note, on a first visit', () => {
    renderForm();
    expect(input('First name')).toHaveValue('');
    expect(screen.queryByText(SUBSCRIBE_MESSAGES.checkoutCancelled)).not.toBeInTheDocument();
  });

  it('ignores a kept form it cannot read, field by field, and never unlocks the state', () => {
    window.sessionStorage.setItem(
      'blooms.subscribe-form',
      JSON.stringify({ firstName: 'Maria', lastName: 42, state: 'NV', plan: 'weekly', zip: ['84111'] }),
    );
    const first = renderForm();
    expect(input('First name')).toHaveValue('Maria');
    expect(input('Last name')).toHaveValue('');
    expect(input('State')).toHaveValue('UT');
    expect(input('ZIP code')).toHaveValue('');
    expect(screen.getByRole('radio', { name: /Yearly/ })).toBeChecked();
    first.unmount();
    window.sessionStorage.setItem('blooms.subscribe-form', '{not json');
    renderForm();
    expect(input('First name')).toHaveValue('');
  });
});
