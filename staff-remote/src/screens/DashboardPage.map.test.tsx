import { screen, within } from '@testing-library/react';
import { deliveriesApi } from '../features/deliveries/api';
import type { DayStop } from '@blooms/shared/contract/day-stops';
import { ALL_SUBSCRIPTIONS } from '@blooms/shared/contract/deliveries';
import { row } from '../test/fixtures';
import { renderDashboard, resetDashboard } from '../test/dashboard-page';

jest.mock('../features/deliveries/api');
// The drawing (d3-geo, ES modules only) is tried in the browser suite; here the map is its caption and note.
jest.mock('../features/map/DayMap', () => ({ __esModule: true, default: () => null }));
jest.mock('@blooms/shared/runtime/live-client', () => ({ connectLive: jest.fn(() => () => undefined) }));
const api = jest.mocked(deliveriesApi);

beforeEach(resetDashboard);

const stop = (id: string, city: string): DayStop => ({
  id,
  pickup: false,
  name: `Name ${id}`,
  address: `${id} Main St`,
  city,
  zip: city === 'Provo' ? '84601' : '84070',
  status: 'not-started',
  assignedTo: null,
  assigneeName: null,
  latitude: 40.5,
  longitude: -111.9,
  exact: false,
});
const STOPS = [stop('p1', 'Provo'), stop('p2', 'Provo'), stop('s1', 'Sandy'), stop('s2', 'Sandy'), stop('s3', 'Sandy')];
const ROWS = STOPS.map((s) => row(s.id, { firstName: s.name, city: s.city }));

async function openMap() {
  api.dayStops.mockResolvedValue(STOPS);
  const user = await renderDashboard(ROWS);
  // Searched or filtered, the server answers with the matching rows only.
  api.listMonth.mockImplementation(async (_month, _page, view = ALL_SUBSCRIPTIONS) => {
    const rows = ROWS.filter((r) => !view.search || r.city.includes(view.search)).filter((r) => !view.assignee || r.delivery.assignedTo);
    return { rows, nextCursor: null, total: rows.length };
  });
  await user.click(screen.getByRole('button', { name: "Map of the day's stops" }));
  const map = screen.getByRole('region', { name: "Map of the day's stops" });
  expect(await within(map).findByText('5 stops: 5 Unassigned. Placed at the centre of their ZIP codes.')).toBeInTheDocument();
  return { user, map };
}

describe('the dashboard’s map follows the search and filters', () => {
  it('shows only the stops the searched list shows, says how many it hides, and all again once cleared', async () => {
    const { user, map } = await openMap();
    expect(within(map).queryByText(/stops shown:/)).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Provo');
    expect(await within(map).findByText('2 stops: 2 Unassigned. Placed at the centre of their ZIP codes.')).toBeInTheDocument();
    expect(within(map).getByText('2 of 5 stops shown: the search and filters hide 3.')).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await within(map).findByText('5 stops: 5 Unassigned. Placed at the centre of their ZIP codes.')).toBeInTheDocument();
    expect(within(map).queryByText(/stops shown:/)).not.toBeInTheDocument();
  });

  it('keeps every stop on the map when only the order changes', async () => {
    const { user, map } = await openMap();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Last name');
    expect(await within(map).findByText('5 stops: 5 Unassigned. Placed at the centre of their ZIP codes.')).toBeInTheDocument();
    expect(within(map).queryByText(/stops shown:/)).not.toBeInTheDocument();
  });

  it('counts the filters folded behind the Filters button', async () => {
    const { user } = await openMap();
    const filters = screen.getByRole('button', { name: 'Filters' });
    expect(filters).toHaveAttribute('aria-expanded', 'false');
    await user.click(filters);
    expect(filters).toHaveAttribute('aria-expanded', 'true');
    await user.selectOptions(screen.getByLabelText('Assigned'), 'Someone');
    expect(await screen.findByRole('button', { name: 'Filters 1 on' })).toBeInTheDocument();
  });
});
