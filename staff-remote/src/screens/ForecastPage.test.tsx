import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import type { ForecastDay } from '@blooms/shared/contract/forecast';
import { forecastApi } from '../features/forecast/api';
import { pushLive } from '../test/live-mock';
import ForecastPage from './ForecastPage';

jest.mock('../features/forecast/api', () => ({ forecastApi: { forecast: jest.fn(), exportCsv: jest.fn() } }));
jest.mock('@blooms/shared/runtime/live-client', () => ({ connectLive: jest.fn(() => () => undefined) }));
const api = jest.mocked(forecastApi);

const day = (month: string, date: string, figures: Partial<ForecastDay> = {}): ForecastDay => ({
  month,
  date,
  arrangements: 40,
  firstDeliveries: 2,
  skips: 3,
  pauses: 1,
  held: 1,
  swaps: 38,
  pickups: 1,
  vasesToCollect: 39,
  ...figures,
});

function renderForecast() {
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <ForecastPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  jest.clearAllMocks();
  api.forecast.mockResolvedValue({
    vasesOut: 45,
    days: [day('2026-12', '2026-12-10'), day('2027-01', '2027-01-14', { arrangements: 41 })],
  });
});

it('shows each coming delivery day with its arrangements, what holds the others, and the vases coming back', async () => {
  renderForecast();
  const table = await screen.findByRole('table');
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Delivery day', 'Arrangements', 'First deliveries', 'Skips', 'Pauses', 'Held (past due)', 'Vases to collect']);
  const december = within(table).getByRole('rowheader', { name: 'Thursday, December 10' }).closest('tr')!;
  expect(
    within(december)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['40', '2', '3', '1', '1', '39 (38 swapped, 1 pickup-only)']);
  expect(within(table).getByRole('rowheader', { name: 'Thursday, January 14, 2027' })).toBeInTheDocument();
  expect(screen.getByText('Vases out with subscribers now: 45')).toBeInTheDocument();
});

it('shows the arrangements whose attempt failed, to take out again, only when the API gives a count above 0', async () => {
  api.forecast.mockResolvedValue({
    vasesOut: 45,
    days: [
      day('2026-12', '2026-12-10', { couldNotDeliver: 2 }),
      day('2027-01', '2027-01-14', { couldNotDeliver: 0 }),
      // An API of the release before leaves it out.
      day('2027-02', '2027-02-11'),
    ],
  });
  renderForecast();
  const table = await screen.findByRole('table');
  const arrangements = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr')!.querySelector('td')!.textContent;
  expect(arrangements('Thursday, December 10')).toBe('40 (2 could not deliver, to take out again)');
  expect(arrangements('Thursday, January 14, 2027')).toBe('40');
  expect(arrangements('Thursday, February 11, 2027')).toBe('40');
});

it('reads the forecast again after a live change', async () => {
  renderForecast();
  await screen.findByRole('table');
  api.forecast.mockResolvedValue({ vasesOut: 45, days: [day('2026-12', '2026-12-10', { arrangements: 39, skips: 4 })] });
  jest.useFakeTimers();
  try {
    pushLive({ type: 'subscription-changed', subscriptionId: 's1' });
    jest.advanceTimersByTime(500);
  } finally {
    jest.useRealTimers();
  }
  // The arrangements and skips as read again (the vases to collect were 39 already).
  const cells = () => within(screen.getByRole('rowheader', { name: 'Thursday, December 10' }).closest('tr')!).getAllByRole('cell');
  await waitFor(() =>
    expect(cells().map((cell) => cell.textContent)).toEqual(['39', '2', '4', '1', '1', '39 (38 swapped, 1 pickup-only)']),
  );
});

it('exports the forecast as a CSV file', async () => {
  const user = renderForecast();
  await screen.findByRole('table');
  api.exportCsv.mockResolvedValue(new Blob(['Delivery day\r\n']));
  URL.createObjectURL = jest.fn(() => 'blob:forecast');
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  expect(api.exportCsv).toHaveBeenCalled();
  expect(click).toHaveBeenCalled();
});
