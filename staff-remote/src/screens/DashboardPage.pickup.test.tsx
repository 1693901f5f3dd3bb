import { within } from '@testing-library/react';
import { deliveriesApi } from '../features/deliveries/api';
import { row, THIS_MONTH } from '../test/fixtures';
import { renderDashboard, resetDashboard, rowOf } from '../test/dashboard-page';

jest.mock('../features/deliveries/api');
jest.mock('@blooms/shared/runtime/live-client', () => ({ connectLive: jest.fn(() => () => undefined) }));
const api = jest.mocked(deliveriesApi);

beforeEach(resetDashboard);

/** Dee cancelled after last month's delivery: this month her row is a pickup-only stop. */
const dee = row(
  'd',
  { firstName: 'Dee', vasesOut: 1, lifecycle: { status: 'cancelled', statusFrom: THIS_MONTH, endsAfter: '2026-01' } },
  { scheduled: false, state: 'ended', pickup: true },
);

it('a pickup-only stop says so, can be ticked to assign, and its pill runs as a pickup', async () => {
  const user = await renderDashboard([row('a', { firstName: 'Ana' }), dee, row('n', { firstName: 'Ned' }, { scheduled: false })]);
  const line = rowOf('Dee');
  expect(line).toHaveTextContent('No (collect the vase)');
  expect(within(line).getByText('1 vase still out')).toBeInTheDocument();
  expect(within(line).getByRole('checkbox')).toBeEnabled();
  expect(within(rowOf('Ned')).getByRole('checkbox')).toBeDisabled();
  api.advanceStatus.mockResolvedValue({ ...dee.delivery, status: 'out-for-delivery' });
  await user.click(within(line).getByRole('button', { name: 'Not Started: change to Out For Pickup' }));
  expect(api.advanceStatus).toHaveBeenCalledWith('d', THIS_MONTH, 'not-started');
  expect(await within(line).findByRole('button', { name: 'Out For Pickup: change to Collected' })).toBeInTheDocument();
});
