import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePopupStore } from '@blooms/shared/runtime/popup-store';
import { MONTH_NAMES } from '@blooms/shared/contract/months';
import { MISSING_FIELD_MESSAGES, SUBSCRIBE_MESSAGES } from '@blooms/shared/contract/messages';
import { fill, input, mockedCall, popup, renderForm, resetSubscribePage, submitButton, VALID } from '../test/subscribe-page';

jest.mock('../features/checkout/call-function', () => ({ callFunction: jest.fn() }));
jest.mock('../features/checkout/redirect', () => ({ redirectTo: jest.fn() }));
jest.mock('../features/order/use-upcoming-deliveries', () => jest.requireActual('../test/upcoming-deliveries'));

beforeEach(resetSubscribePage);

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
