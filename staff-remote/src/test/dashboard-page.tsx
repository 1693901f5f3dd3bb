// The dashboard page as its tests render it: the staff, the usual delivery day, the mocks reset.
// Each test file mocks ../features/deliveries/api and the live client itself (jest hoists mocks per file).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { usePopupStore } from '@blooms/shared/runtime/popup-store';
import { defaultDeliveryDate, lastDayForChanges } from '@blooms/shared/contract/delivery-dates';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { useAppConfig } from '@blooms/shared/runtime/app-config';
import type { AppConfig } from '@blooms/shared/contract/app-config';
import { deliveriesApi } from '../features/deliveries/api';
import DashboardPage from '../screens/DashboardPage';
import { row, THIS_MONTH } from './fixtures';

const api = jest.mocked(deliveriesApi);

export const STAFF = [
  { email: 'ella@blooms.example', name: 'Ella Driver', firstName: 'Ella' },
  { email: 'admin@example.com', name: '', firstName: 'admin' },
];
export const popup = () => usePopupStore.getState().popup;
export const usualDay = (month: string) => ({
  month,
  date: defaultDeliveryDate(month),
  isDefault: true,
  lastDayForChanges: lastDayForChanges(defaultDeliveryDate(month)),
});

export async function renderDashboard(rows = [row('a', { firstName: 'Ana' }), row('b', { firstName: 'Ben' })]) {
  api.listMonth.mockResolvedValue({ rows, nextCursor: null, total: rows.length });
  api.staff.mockResolvedValue(STAFF);
  api.deliveryDate.mockImplementation(async (month) => usualDay(month));
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <DashboardPage />
    </MemoryRouter>,
  );
  await screen.findByRole('table');
  await screen.findByText(/^(Delivery day|Delivered on):/);
  return userEvent.setup();
}

export const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;

/** The site's settings as /app-config.json gives them, with or without the test clock. */
export const offerTestClock = (testClock: boolean) => useAppConfig.setState({ config: { testClock } as unknown as AppConfig });

/** Before each test: no popup, signed out of any role, the page opening on this month, the summary still on its way. */
export function resetDashboard() {
  jest.clearAllMocks();
  usePopupStore.setState({ popup: null });
  // The map opens as it was last left on the device: each test starts with no choice made.
  localStorage.clear();
  useAuthStore.setState({ role: 'none' });
  api.testClock.mockResolvedValue(null);
  api.startMonth.mockResolvedValue({ month: THIS_MONTH, date: defaultDeliveryDate(THIS_MONTH), passedOver: null });
  // The summary has its own tests; elsewhere it is still on its way.
  api.daySummary.mockReturnValue(new Promise(() => undefined));
  // So are the stops' places (the map, assigning by area).
  api.dayStops.mockReturnValue(new Promise(() => undefined));
  api.territories.mockResolvedValue([]);
  offerTestClock(true);
}
