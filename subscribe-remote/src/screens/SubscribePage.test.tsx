import { CHARGE_TIMING, MONEY_RULE } from '@blooms/shared/contract/site';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { usePopupStore } from '@blooms/shared/runtime/popup-store';
import type { AppConfig } from '@blooms/shared/contract/app-config';
import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { MONTH_NAMES } from '@blooms/shared/contract/months';
import { MISSING_FIELD_MESSAGES, SUBSCRIBE_MESSAGES, ZIP_MESSAGES } from '@blooms/shared/contract/messages';
import SubscribePage from './SubscribePage';
import { callFunction } from '../features/checkout/call-function';
import { redirectTo } from '../features/checkout/redirect';
import { GIVE_UP_MS, POLL_MS } from '../features/address/use-address-autocomplete';

jest.mock('../features/checkout/call-function', () => ({ callFunction: jest.fn() }));
jest.mock('../features/checkout/redirect', () => ({ redirectTo: jest.fn() }));
// The server's coming delivery days: December's is the next one.
jest.mock('../features/order/use-upcoming-deliveries', () => ({
  useUpcomingDeliveries: () => [
    { month: '2030-12', date: '2030-12-12' },
    { month: '2031-01', date: '2031-01-09' },
    { month: '2031-02', date: '2031-02-10' },
    { month: '2031-03', date: '2031-03-13' },
  ],
}));
// Loosely typed: the tests also answer as a misbehaving server would (no URL).
const mockedCall = jest.mocked(callFunction as (name: string, data: unknown) => Promise<unknown>);
const assign = jest.mocked(redirectTo);

const popup = () => usePopupStore.getState().popup;
const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: /^Subscribe for \$99\/month/ });

function renderForm(mapsKey: string | null = null, url = '/subscribe') {
  useAppConfig.setState({ config: { googleMapsApiKey: mapsKey, apiBaseUrl: '' } as unknown as AppConfig });
  return render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[url]}>
      <SubscribePage />
    </MemoryRouter>,
  );
}

const VALID = {
  'First name': 'Maria',
  'Last name': 'Lopez',
  Email: 'maria@example.com',
  Phone: '(801) 555-0101',
  'Street address': '215 E 400 S',
  // Before City: a known ZIP fills in an empty city, and some tests need the city empty.
  'ZIP code': '84111',
  City: 'Salt Lake City',
};

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<keyof typeof VALID, string>>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(input(label));
    if (value) await user.type(input(label), value);
  }
}

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.clear();
  usePopupStore.setState({ popup: null });
  delete window.google;
  document.getElementById('google-maps-places')?.remove();
});

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
      'Custom: a hand-made seasonal arrangement in a vase, delivered by hand, $99 per delivered month',
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

describe('submit rules, in order', () => {
  it.each([
    ['First name', 'FirstName'],
    ['Last name', 'LastName'],
    ['Email', 'Email'],
    ['Phone', 'Phone'],
    ['Street address', 'Address'],
    ['City', 'City'],
    ['ZIP code', 'Zip'],
  ] as const)('names the first missing field: %s -> %s', async (label, field) => {
    const user = userEvent.setup();
    renderForm();
    await fill(user, { ...VALID, [label]: '' });
    await user.click(submitButton());
    expect(popup()).toMatchObject({ kind: 'error', message: `Please fill in all required fields. Missing: ${field}` });
    expect(mockedCall).not.toHaveBeenCalled();
  });

  it('marks every field at fault under it, puts the cursor in the first as the popup closes, and clears each as it is corrected', async () => {
    const user = userEvent.setup();
    renderForm();
    await fill(user, { ...VALID, 'First name': '', Phone: '123', City: '' });
    expect(input('Phone')).not.toHaveAttribute('aria-invalid');
    await user.click(submitButton());
    expect(popup()?.message).toBe('Please fill in all required fields. Missing: FirstName');
    expect(input('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(input('First name')).toHaveAccessibleDescription(MISSING_FIELD_MESSAGES.firstName);
    expect(input('Phone')).toHaveAccessibleDescription(SUBSCRIBE_MESSAGES.invalidPhone);
    expect(input('City')).toHaveAccessibleDescription(MISSING_FIELD_MESSAGES.city);
    expect(input('Last name')).not.toHaveAttribute('aria-invalid');
    act(() => usePopupStore.getState().closePopup());
    expect(input('First name')).toHaveFocus();
    await user.type(input('First name'), 'M');
    expect(input('First name')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(MISSING_FIELD_MESSAGES.firstName)).not.toBeInTheDocument();
    expect(input('Phone')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the ZIP area before anything else', async () => {
    const user = userEvent.setup();
    renderForm();
    await fill(user, { 'ZIP code': '90210' });
    // The button is disabled, so only a script could still submit: the rule holds anyway.
    fireEvent.submit(submitButton().closest('form')!);
    expect(popup()?.message).toBe("We don't currently deliver to your area. Please try a different ZIP code.");
  });

  it('reports required fields before the e-mail format, then the e-mail before the phone', async () => {
    const user = userEvent.setup();
    renderForm();
    await fill(user, { ...VALID, Email: 'not-an-email', Phone: '123', City: '' });
    await user.click(submitButton());
    expect(popup()?.message).toBe('Please fill in all required fields. Missing: City');
    await fill(user, { City: 'Salt Lake City' });
    await user.click(submitButton());
    expect(popup()?.message).toBe('Please enter a valid email address.');
    await fill(user, { Email: 'maria@example.com' });
    await user.click(submitButton());
    expect(popup()?.message).toBe('Please enter a valid 10-digit phone number.');
  });

  it.each(['maria@example', 'maria example.com', 'ma ria@example.com'])('refuses the e-mail %j', async (email) => {
    const user = userEvent.setup();
    renderForm();
    await fill(user, { ...VALID, Email: email });
    await user.click(submitButton());
    expect(popup()?.message).toBe(SUBSCRIBE_MESSAGES.invalidEmail);
  });

  it('checks the ZIP format after the phone', async () => {
    const user = userEvent.setup();
    renderForm();
    await fill(user, { ...VALID, 'ZIP code': '8411' });
    await user.click(submitButton());
    expect(popup()?.message).toBe('Please enter a valid 5-digit ZIP code.');
  });

  it('asks for at least one month on a custom plan, last', async () => {
    const user = userEvent.setup();
    renderForm();
    await fill(user, VALID);
    await user.click(screen.getByRole('radio', { name: /Custom/ }));
    for (const month of MONTH_NAMES) await user.click(screen.getByRole('checkbox', { name: month }));
    await user.click(submitButton());
    expect(popup()?.message).toBe('Please select at least one month for your custom plan.');
    expect(mockedCall).not.toHaveBeenCalled();
  });
});

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

describe('address autocomplete', () => {
  type Listener = () => void;
  function stubMaps(place: { address_components: { long_name: string; short_name: string; types: string[] }[] }) {
    const created: { options: Record<string, unknown>; fire: Listener }[] = [];
    window.google = {
      maps: {
        Circle: class {
          constructor(readonly options: { center: unknown; radius: number }) {}
          getBounds() {
            return { circle: this.options };
          }
        },
        places: {
          Autocomplete: class {
            private listener: Listener = () => undefined;
            constructor(_input: HTMLInputElement, options: Record<string, unknown>) {
              created.push({ options, fire: () => this.listener() });
            }
            addListener(_event: string, handler: Listener) {
              this.listener = handler;
            }
            getPlace() {
              return place;
            }
          },
        },
      } as never,
    };
    return created;
  }

  const component = (long_name: string, short_name: string, type: string) => ({ long_name, short_name, types: [type] });

  it('with no Maps key, loads no script', () => {
    renderForm(null);
    expect(document.getElementById('google-maps-places')).toBeNull();
  });

  it('attaches to the address field (US, addresses, biased to 200 km around central Utah) and fills a Utah pick', async () => {
    jest.useFakeTimers();
    try {
      const created = stubMaps({
        address_components: [
          component('215', '215', 'street_number'),
          component('East 400 South', 'E 400 S', 'route'),
          component('Salt Lake City', 'Salt Lake City', 'locality'),
          component('Utah', 'UT', 'administrative_area_level_1'),
          component('84111', '84111', 'postal_code'),
        ],
      });
      renderForm('maps-key');
      expect(document.getElementById('google-maps-places')).toHaveAttribute('src', expect.stringContaining('key=maps-key'));
      await act(async () => jest.advanceTimersByTimeAsync(POLL_MS));
      expect(created).toHaveLength(1);
      expect(created[0]!.options).toMatchObject({
        componentRestrictions: { country: 'us' },
        types: ['address'],
        bounds: { circle: { radius: 200_000 } },
      });
      act(() => created[0]!.fire());
      expect(input('Street address')).toHaveValue('215 East 400 South');
      expect(input('City')).toHaveValue('Salt Lake City');
      expect(input('ZIP code')).toHaveValue('84111');
      expect(input('State')).toHaveValue('UT');
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses an address outside Utah with the exact popup, changing nothing', async () => {
    jest.useFakeTimers();
    try {
      const created = stubMaps({
        address_components: [
          component('1', '1', 'street_number'),
          component('Main Street', 'Main St', 'route'),
          component('Boise', 'Boise', 'locality'),
          component('Idaho', 'ID', 'administrative_area_level_1'),
          component('83702', '83702', 'postal_code'),
        ],
      });
      renderForm('maps-key');
      await act(async () => jest.advanceTimersByTimeAsync(POLL_MS));
      act(() => created[0]!.fire());
      expect(popup()).toMatchObject({ kind: 'error', message: 'We only deliver to addresses in Utah. Please select a Utah address.' });
      expect(input('City')).toHaveValue('');
    } finally {
      jest.useRealTimers();
    }
  });

  it('polls every 500 ms and gives up after 10 s when the script never loads', async () => {
    jest.useFakeTimers();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      renderForm('maps-key');
      await act(async () => jest.advanceTimersByTimeAsync(GIVE_UP_MS - POLL_MS));
      expect(warn).not.toHaveBeenCalled();
      await act(async () => jest.advanceTimersByTimeAsync(POLL_MS));
      expect(warn).toHaveBeenCalledWith('Address suggestions are unavailable: the maps script did not load in time.');
      // Arriving late, it is not attached any more.
      const created = stubMaps({ address_components: [] });
      await act(async () => jest.advanceTimersByTimeAsync(POLL_MS * 4));
      expect(created).toHaveLength(0);
    } finally {
      jest.useRealTimers();
    }
  });
});
