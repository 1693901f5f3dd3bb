import { screen, waitFor, within } from '@testing-library/react';
import { deliveriesApi } from '../features/deliveries/api';
import { ApiError } from '@blooms/shared/runtime/api-client';
import { STALE_SPLIT } from '@blooms/shared/contract/area-split';
import type { DayStop } from '@blooms/shared/contract/day-stops';
import { row, THIS_MONTH } from '../test/fixtures';
import { popup, renderDashboard, resetDashboard } from '../test/dashboard-page';

jest.mock('../features/deliveries/api');
// The drawing (d3-geo, ES modules only) is tried in the browser suite; here the map is its caption and legend.
jest.mock('../features/map/DayMap', () => ({ __esModule: true, default: () => null }));
jest.mock('@blooms/shared/runtime/live-client', () => ({ connectLive: jest.fn(() => () => undefined) }));
const api = jest.mocked(deliveriesApi);

beforeEach(resetDashboard);

const stop = (id: string, zip: string, city: string, assignedTo: string | null = null, pickup = false): DayStop => ({
  id,
  pickup,
  name: `Name ${id}`,
  address: `${id} Main St`,
  city,
  zip,
  status: 'not-started',
  assignedTo,
  assigneeName: assignedTo ? 'Ella Driver' : null,
  latitude: zip === '84999' ? null : 40.5,
  longitude: zip === '84999' ? null : -111.9,
  exact: false,
});
// Two in Kaysville (north), two in Provo (south), one already Ella's.
const STOPS = [
  stop('k1', '84037', 'Kaysville'),
  stop('k2', '84037', 'Kaysville'),
  stop('p1', '84601', 'Provo'),
  stop('p2', '84601', 'Provo'),
  stop('e1', '84102', 'Salt Lake City', 'ella@blooms.example'),
];

async function openAssignByArea() {
  api.dayStops.mockResolvedValue(STOPS);
  const user = await renderDashboard();
  await user.click(await screen.findByRole('button', { name: 'Assign by area…' }));
  const panel = screen.getByRole('region', { name: 'Assign by area' });
  await user.click(within(panel).getByRole('checkbox', { name: 'Ella' }));
  await user.click(within(panel).getByRole('checkbox', { name: 'admin' }));
  return { user, panel };
}

describe('assign by area', () => {
  it('previews which driver gets which stops and areas, and assigns nothing until Apply', async () => {
    const { panel } = await openAssignByArea();
    expect(within(panel).getByRole('group', { name: 'Split the 4 unassigned stops among:' })).toBeInTheDocument();
    const preview = within(panel).getByRole('list', { name: 'Preview: who gets which stops' });
    expect(preview.children[0]!.textContent).toMatch(/^Ella: 2 stops in Kaysville 84037 \(2\)/);
    expect(preview.children[1]!.textContent).toMatch(/^admin: 2 stops in Provo 84601 \(2\)/);
    expect(api.assignByArea).not.toHaveBeenCalled();
  });

  it('hands out a pickup-only stop with the rest and says which share has it', async () => {
    api.dayStops.mockResolvedValue([...STOPS, stop('p3', '84601', 'Provo', null, true)]);
    const user = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Assign by area…' }));
    const panel = screen.getByRole('region', { name: 'Assign by area' });
    expect(within(panel).getByRole('group', { name: 'Split the 5 unassigned stops among:' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('checkbox', { name: 'Ella' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'admin' }));
    const preview = within(panel).getByRole('list', { name: 'Preview: who gets which stops' });
    expect(preview.children[0]!.textContent).toMatch(/^Ella: 2 stops in Kaysville 84037 \(2\)Which/);
    expect(preview.children[1]!.textContent).toMatch(/^admin: 3 stops \(1 pickup\) in Provo 84601 \(3\)/);
    expect(preview.children[1]!.textContent).toContain('Name p3, p3 Main St: Collect the vase, no delivery');
  });

  it('shows the pickups on the map’s key: the caption counts them, the legend names their shape', async () => {
    api.dayStops.mockResolvedValue([...STOPS, stop('p3', '84601', 'Provo', null, true)]);
    const user = await renderDashboard();
    await user.click(screen.getByRole('button', { name: "Map of the day's stops" }));
    expect(
      await screen.findByText('6 stops (1 pickup): 1 Ella, 5 Unassigned. Placed at the centre of their ZIP codes.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Legend' }).textContent).toBe('Ella: 1Unassigned: 5Diamond: pickup only, collect the vase: 1');
  });

  it('says in words what the map shows: counts by driver, and where the stops are placed', async () => {
    api.dayStops.mockResolvedValue([...STOPS, stop('x1', '84999', 'Elsewhere')]);
    const user = await renderDashboard();
    await user.click(screen.getByRole('button', { name: "Map of the day's stops" }));
    expect(
      await screen.findByText(
        '6 stops: 1 Ella, 5 Unassigned. Placed at the centre of their ZIP codes. 1 with no known place is not drawn.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Legend' }).textContent).toBe('Ella: 1Unassigned: 5');
  });

  it('applies the split shown, says what it did, and reads the stops again', async () => {
    const { user, panel } = await openAssignByArea();
    api.assignByArea.mockResolvedValue([
      row('k1', {}, { assignedTo: 'ella@blooms.example' }).delivery,
      row('k2', {}, { assignedTo: 'ella@blooms.example' }).delivery,
    ]);
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(api.assignByArea).toHaveBeenCalledWith(THIS_MONTH, [
      { driver: 'ella@blooms.example', subscriptionIds: ['k1', 'k2'] },
      { driver: 'admin@example.com', subscriptionIds: ['p1', 'p2'] },
    ]);
    expect(await screen.findByText('Assigned 4 stops by area: Ella 2, admin 2.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Assign by area' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.dayStops).toHaveBeenCalledTimes(2));
  });

  it('shows the server’s refusal of a stale preview, keeps the panel open and previews the stops as they now are', async () => {
    const { user, panel } = await openAssignByArea();
    api.assignByArea.mockRejectedValue(new ApiError(409, STALE_SPLIT));
    api.dayStops.mockResolvedValue(STOPS.filter((s) => s.id !== 'p2'));
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(popup()?.message).toBe(STALE_SPLIT));
    expect(await within(panel).findByRole('group', { name: 'Split the 3 unassigned stops among:' })).toBeInTheDocument();
  });
});
