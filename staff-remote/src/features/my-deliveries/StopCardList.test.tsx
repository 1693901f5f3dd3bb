import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { navigateUrl, type SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { row, THIS_MONTH } from '../../test/fixtures';
import { StopCardList } from './StopCardList';

// Counts the cards drawn: each card asks for its directions link once per drawing.
jest.mock('@blooms/shared/contract/deliveries', () => {
  const actual = jest.requireActual<typeof import('@blooms/shared/contract/deliveries')>('@blooms/shared/contract/deliveries');
  return { ...actual, navigateUrl: jest.fn(actual.navigateUrl) };
});
const drawn = () => jest.mocked(navigateUrl).mock.calls.map(([stop]) => (stop as SubscriptionRow).id);
const noHandle = () => ({});

/** A driver's list as the screen holds it: Out for delivery changes that one stop. */
function Driver({ stops }: { stops: SubscriptionRow[] }) {
  const [rows, setRows] = useState(stops);
  const out = (tapped: SubscriptionRow) =>
    setRows((shown) => shown.map((r) => (r.id === tapped.id ? { ...r, delivery: { ...r.delivery, status: 'out-for-delivery' } } : r)));
  return (
    <StopCardList
      month={THIS_MONTH}
      rows={rows}
      dragging={null}
      dragHandle={noHandle}
      isBusy={() => false}
      onOutForDelivery={out}
      onDelivered={() => undefined}
      onMove={() => undefined}
    />
  );
}

it('draws only the tapped stop again when it goes out for delivery, not the whole list', async () => {
  const stops = ['a', 'b', 'c', 'd'].map((id) => row(id, { firstName: id.toUpperCase() }));
  render(<Driver stops={stops} />);
  expect(drawn()).toEqual(['a', 'b', 'c', 'd']);
  jest.mocked(navigateUrl).mockClear();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Out for delivery to C Person' }));
  expect(screen.getByRole('button', { name: 'Delivered to C Person' })).toBeInTheDocument();
  expect(drawn()).toEqual(['c']);
});
