import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { usePopupStore } from '@blooms/shared/runtime/popup-store';
import { PICKUP_NOTE } from '@blooms/shared/contract/vases';
import { deliveriesApi } from '../features/deliveries/api';
import MyDeliveriesPage from './MyDeliveriesPage';
import { row, THIS_MONTH } from '../test/fixtures';
import { onAPhoneWidth } from '../test/phone-width';
import { freshDriverScreen, ME } from '../test/driver';

jest.mock('../features/deliveries/api');
jest.mock('@blooms/shared/runtime/live-client', () => ({ connectLive: jest.fn(() => () => undefined) }));
const api = jest.mocked(deliveriesApi);

const START = { month: THIS_MONTH, date: `${THIS_MONTH}-10`, passedOver: null };
/** The driver's stops, as the opening request and a reload answer them. */
function serveMine(rows: ReturnType<typeof row>[]) {
  api.myDeliveriesStart.mockResolvedValue({ start: START, rows });
  api.myDeliveries.mockResolvedValue(rows);
}

/** Dee cancelled after her last delivery: this month her stop only collects the vase. */
const dee = (status: string) =>
  row(
    'd',
    { firstName: 'Dee', vasesOut: 1 },
    { status, scheduled: false, state: 'ended', pickup: true, assignedTo: ME, assigneeName: 'Ella' },
  );

beforeEach(freshDriverScreen);

async function renderMine(status: string) {
  serveMine([dee(status)]);
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <MyDeliveriesPage />
    </MemoryRouter>,
  );
  await screen.findByRole('table');
  return userEvent.setup();
}

it('says a pickup-only stop brings nothing and only collects the vase, and marks it collected with no question', async () => {
  const user = await renderMine('out-for-delivery');
  const line = screen.getByRole('rowheader', { name: /Dee/ }).closest('tr')!;
  expect(within(line).getByText(PICKUP_NOTE)).toBeInTheDocument();
  expect(PICKUP_NOTE).toBe('Collect the vase, no delivery');
  api.recordProof.mockResolvedValue({ ...dee('delivered').delivery });
  await user.click(within(line).getByRole('button', { name: 'Out For Pickup: mark the vase collected' }));
  expect(usePopupStore.getState().popup).toBeNull();
  expect(api.recordProof).toHaveBeenCalledWith(
    { subscriptionId: 'd', month: THIS_MONTH, method: 'hand', photo: undefined },
    expect.any(Function),
  );
  expect(await within(line).findByText('Collected')).toBeInTheDocument();
});

describe('on a phone', () => {
  onAPhoneWidth();

  it('the card says to collect the vase, goes out for the pickup, then marks the vase collected', async () => {
    serveMine([dee('not-started')]);
    render(
      <MemoryRouter future={ROUTER_FUTURE}>
        <MyDeliveriesPage />
      </MemoryRouter>,
    );
    const card = await screen.findByRole('listitem', { name: /Dee/ });
    const user = userEvent.setup();
    expect(within(card).getByText(PICKUP_NOTE)).toBeInTheDocument();
    api.advanceStatus.mockResolvedValue({ ...dee('out-for-delivery').delivery });
    await user.click(within(card).getByRole('button', { name: 'Out for the vase of Dee Person' }));
    api.recordProof.mockResolvedValue({ ...dee('delivered').delivery });
    await user.click(await within(card).findByRole('button', { name: 'Vase collected from Dee Person' }));
    expect(await within(card).findByText('Collected')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Vase collected/ })).not.toBeInTheDocument();
  });
});
