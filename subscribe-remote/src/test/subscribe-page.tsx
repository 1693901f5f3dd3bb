// The subscribe form's tests' shared world: the page rendered in a router, its fields by label, a
// valid order to type in, and the mocked checkout call and redirect. Each test file mocks those
// modules itself (jest.mock is hoisted only within the test file):
//   jest.mock('../features/checkout/call-function', () => ({ callFunction: jest.fn() }));
//   jest.mock('../features/checkout/redirect', () => ({ redirectTo: jest.fn() }));
//   jest.mock('../features/order/use-upcoming-deliveries', () => jest.requireActual('../test/upcoming-deliveries'));
import { render, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { usePopupStore } from '@blooms/shared/runtime/popup-store';
import type { AppConfig } from '@blooms/shared/contract/app-config';
import { useAppConfig } from '@blooms/shared/runtime/app-config';
import SubscribePage from '../screens/SubscribePage';
import { callFunction } from '../features/checkout/call-function';
import { redirectTo } from '../features/checkout/redirect';

// Loosely typed: the tests also answer as a misbehaving server would (no URL).
export const mockedCall = jest.mocked(callFunction as (name: string, data: unknown) => Promise<unknown>);
export const assign = jest.mocked(redirectTo);

export const popup = () => usePopupStore.getState().popup;
export const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
export const submitButton = () => screen.getByRole('button', { name: /^Subscribe for \$99\/month/ });

export function renderForm(mapsKey: string | null = null, url = '/subscribe') {
  useAppConfig.setState({ config: { googleMapsApiKey: mapsKey, apiBaseUrl: '' } as unknown as AppConfig });
  return render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[url]}>
      <SubscribePage />
    </MemoryRouter>,
  );
}

export const VALID = {
  'First name': 'Maria',
  'Last name': 'Lopez',
  Email: 'maria@example.com',
  Phone: '(801) 555-0101',
  'Street address': '215 E 400 S',
  // Before City: a known ZIP fills in an empty city, and some tests need the city empty.
  'ZIP code': '84111',
  City: 'Salt Lake City',
};

export async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<keyof typeof VALID, string>>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(input(label));
    if (value) await user.type(input(label), value);
  }
}

/** Run before each test: no calls remembered, no kept form, no popup, no Maps script. */
export function resetSubscribePage() {
  jest.clearAllMocks();
  window.sessionStorage.clear();
  usePopupStore.setState({ popup: null });
  delete window.google;
  document.getElementById('google-maps-places')?.remove();
}
