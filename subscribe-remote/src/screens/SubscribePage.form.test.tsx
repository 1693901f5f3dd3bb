import { CHARGE_TIMING, MONEY_RULE } from '@blooms/shared/contract/site';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MONTH_NAMES } from '@blooms/shared/contract/months';
import { ZIP_MESSAGES } from '@blooms/shared/contract/messages';
import { fill, input, renderForm, resetSubscribePage, submitButton, VALID } from '../test/subscribe-page';

jest.mock('../features/checkout/call-function', () => ({ callFunction: jest.fn() }));
jest.mock('../features/checkout/redirect', () => ({ redirectTo: jest.fn() }));
jest.mock('../features/order/use-upcoming-deliveries', () => jest.requireActual('../test/upcoming-deliveries'));

beforeEach(resetSubscribePage);

describe('the form', () => {
  it('has every field, with the state fixed to UT and read-only, and the ZIP limited to 5 characters', () => {
    renderForm();
    for (const label of Object.keys(VALID)) expect(input(label)).toBeInTheDocument();
    expect(input('Apt, suite or unit (optional)')).toBeInTheDocument();
    expect(input('Delivery notes (optional)')).toBeInTheDocument();
    expect(input('State')).toHaveValue('UT');
    expect(input('State')).toHaveAttribute('readonly');
    expect(input('ZIP code')).toHaveAttribute('maxlength', '5');
  });
});

describe('the live ZIP message', () => {
  it.each([
    ['', ZIP_MESSAGES.empty, 'neutral'],
    ['841', ZIP_MESSAGES.invalid, 'neutral'],
    ['8411a', ZIP_MESSAGES.invalid, 'neutral'],
    ['84111', 'Great! We deliver to your area ✓', 'success'],
    ['84604', ZIP_MESSAGES.inArea, 'success'],
    ['90210', "Sorry, we don't currently deliver to this area", 'error'],
  ])('for %j says %j', async (zip, message, status) => {
    const user = userEvent.setup();
    renderForm();
    if (zip) await user.type(input('ZIP code'), zip);
    const note = screen.getByText(message);
    expect(note).toHaveClass(`zip-status--${status}`);
    expect(input('ZIP code')).toHaveAccessibleDescription(message);
  });

  it('disables submit while the ZIP is outside the area', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(input('ZIP code'), '90210');
    expect(submitButton()).toBeDisabled();
    await user.clear(input('ZIP code'));
    await user.type(input('ZIP code'), '84111');
    expect(submitButton()).toBeEnabled();
  });

  it('fills in the city from a known ZIP when the city is empty', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(input('ZIP code'), '84604');
    expect(input('City')).toHaveValue('Provo');
  });
});

describe('plan and months', () => {
  it('shows the plan card beside the form, and names who takes the card at checkout', () => {
    renderForm();
    const aside = screen.getByRole('complementary', { name: 'Your order and the plan' });
    expect(within(aside).getByRole('region', { name: 'The plan' })).toHaveTextContent('$99 per delivered month');
    expect(screen.getByText(/^Secure checkout by Stripe:/)).toBeInTheDocument();
  });

  it('sums up the order beside the form as it is filled in: plan, months, first delivery day, address, due today', async () => {
    const user = userEvent.setup();
    renderForm();
    const order = within(screen.getByRole('region', { name: 'Your order' }));
    const line = (label: string) => order.getByText(label).nextElementSibling;
    expect(line('Months')).toHaveTextContent('Every month of the year');
    expect(line('First delivery')).toHaveTextContent('Thursday, December 12 (December 2030)');
    expect(line('Due today')).toHaveTextContent('$99, for your first delivery.');
    expect(order.queryByText('Delivering to')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Custom/ }));
    for (const month of MONTH_NAMES.filter((m) => m !== 'February' && m !== 'March'))
      await user.click(screen.getByRole('checkbox', { name: month }));
    expect(line('Your plan')).toHaveTextContent(
      'Custom plan: a hand-made seasonal arrangement in a vase, delivered by hand, $99 per delivered month',
    );
    expect(line('Months')).toHaveTextContent('February, March');
    expect(line('First delivery')).toHaveTextContent('Monday, February 10 (February 2031)');

    await fill(user, { 'Street address': '215 E 400 S', 'ZIP code': '84111', City: 'Salt Lake City' });
    expect(line('Delivering to')).toHaveTextContent('215 E 400 S, Salt Lake City, UT 84111');
  });

  it('starts yearly with all months; custom reveals the 12 months; yearly resets them all', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByRole('radio', { name: /Yearly/ })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'January' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Custom/ }));
    const boxes = MONTH_NAMES.map((m) => screen.getByRole('checkbox', { name: m }));
    boxes.forEach((box) => expect(box).toBeChecked());
    await user.click(screen.getByRole('checkbox', { name: 'March' }));
    expect(screen.getByRole('checkbox', { name: 'March' })).not.toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Yearly/ }));
    await user.click(screen.getByRole('radio', { name: /Custom/ }));
    expect(screen.getByRole('checkbox', { name: 'March' })).toBeChecked();
  });

  it('sums the plan up as months are chosen: deliveries a year at $99 each', async () => {
    const user = userEvent.setup();
    renderForm();
    const summary = screen.getByText(/a year, \$99 each$/);
    expect(summary).toHaveTextContent('12 deliveries a year, $99 each');
    await user.click(screen.getByRole('radio', { name: /Custom/ }));
    for (const month of MONTH_NAMES.slice(3)) await user.click(screen.getByRole('checkbox', { name: month }));
    expect(summary).toHaveTextContent('3 deliveries a year, $99 each');
    await user.click(screen.getByRole('checkbox', { name: 'January' }));
    await user.click(screen.getByRole('checkbox', { name: 'February' }));
    expect(summary).toHaveTextContent('1 delivery a year, $99 each');
    await user.click(screen.getByRole('checkbox', { name: 'March' }));
    expect(summary).toHaveTextContent('No months chosen yet');
  });

  it('says what is charged when, before anyone pays', () => {
    renderForm();
    expect(screen.getByText(`${MONEY_RULE} ${CHARGE_TIMING}`)).toBeVisible();
  });
});
