import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { navigateUrl, type SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { row, THIS_MONTH } from '../../test/fixtures';
import { StopCardList } from './StopCardList';
import { DayProgress } from './DayProgress';

// Counts the cards drawn: each card asks for its directions link once per drawing.
jest.mock('@blooms/shared/contract/deliveries', () => {
  const actual = jest.requireActual<typeof import('@blooms/shared/contract/deliveries')>('@blooms/shared/contract/deliveries');
  return { ...actual, navigateUrl: jest.fn(actual.navigateUrl) };
});
const drawn = () => jest.mocked(navigateUrl).mock.calls.map(([stop]) => (stop as SubscriptionRow).id);
const noHandle = () => ({});

/** The list's props that stay the same in these tests. */
const fixed = {
  month: THIS_MONTH,
  dragging: null,
  dragHandle: noHandle,
  isBusy: () => false,
  onOutForDelivery: () => undefined,
  onDelivered: () => undefined,
  onCouldNotDeliver: () => undefined,
  onMove: () => undefined,
};
/** The stops with the tapped one set to this status. */
const tappedTo = (status: string, tapped: SubscriptionRow) => (shown: SubscriptionRow[]) =>
  shown.map((r) => (r.id === tapped.id ? { ...r, delivery: { ...r.delivery, status } } : r));

/** A driver's list as the screen holds it: Out for delivery changes that one stop. */
function Driver({ stops }: { stops: SubscriptionRow[] }) {
  const [rows, setRows] = useState(stops);
  return <StopCardList {...fixed} rows={rows} onOutForDelivery={(tapped) => setRows(tappedTo('out-for-delivery', tapped))} />;
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

/** A driver's day as the screen draws it: the count above the cards; Delivered finishes a stop at once. */
function Day({ stops, onMove = () => undefined }: { stops: SubscriptionRow[]; onMove?: (from: number, to: number) => void }) {
  const [rows, setRows] = useState(stops);
  return (
    <>
      <DayProgress rows={rows} />
      <StopCardList {...fixed} rows={rows} onDelivered={(tapped) => setRows(tappedTo('delivered', tapped))} onMove={onMove} />
    </>
  );
}
const stop = (id: string, status: string) => row(id, { firstName: id.toUpperCase() }, { status });
const cardNames = () => screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'));

it('shows the next stop first and marked, the delivered ones last, and counts the day done as stops are delivered', async () => {
  render(<Day stops={[stop('a', 'delivered'), stop('b', 'out-for-delivery'), stop('c', 'out-for-delivery'), stop('d', 'not-started')]} />);
  expect(screen.getByText('1 of 4 done')).toHaveAttribute('role', 'status');
  expect(cardNames()).toEqual([
    'Stop 2 of 4: B Person, next stop',
    'Stop 3 of 4: C Person',
    'Stop 4 of 4: D Person',
    'Stop 1 of 4: A Person',
  ]);
  expect(within(screen.getAllByRole('listitem')[0]!).getByText('Next')).toBeInTheDocument();
  expect(screen.getAllByText('Next')).toHaveLength(1);

  await userEvent.setup().click(screen.getByRole('button', { name: 'Delivered to B Person' }));
  expect(screen.getByText('2 of 4 done')).toBeInTheDocument();
  expect(cardNames()).toEqual([
    'Stop 3 of 4: C Person, next stop',
    'Stop 4 of 4: D Person',
    'Stop 1 of 4: A Person',
    'Stop 2 of 4: B Person',
  ]);
});

it('keeps the full address, notes, Call and moving under Details, and moves a stop among the stops still to do', async () => {
  const moves: [number, number][] = [];
  const noted = row('c', { firstName: 'C', deliveryNotes: 'Gate code 4412.' }, { status: 'not-started' });
  render(<Day stops={[stop('a', 'delivered'), stop('b', 'not-started'), noted]} onMove={(from, to) => moves.push([from, to])} />);
  const user = userEvent.setup();
  const card = screen.getByRole('listitem', { name: /C Person/ });
  expect(within(card).getByText('Gate code 4412.')).not.toBeVisible();
  expect(within(card).getByText('Note')).toBeInTheDocument();
  await user.click(within(card).getByRole('button', { name: 'Details for C Person' }));
  expect(within(card).getByRole('button', { name: 'Details for C Person' })).toHaveAttribute('aria-expanded', 'true');
  expect(within(card).getByText('Gate code 4412.')).toBeVisible();
  expect(within(card).getByRole('link', { name: /^Call C Person, / })).toHaveAttribute('href', expect.stringMatching(/^tel:/));
  expect(within(card).getByRole('button', { name: 'Move C Person down' })).toBeDisabled();
  await user.click(within(card).getByRole('button', { name: 'Move C Person up' }));
  expect(moves).toEqual([[1, 0]]);
  expect(screen.getByText('C Person is now stop 2 of 3.')).toHaveAttribute('role', 'status');
});

it('numbers the stops, while one is dragged, as the route would be if it were dropped there', () => {
  const stops = [stop('a', 'delivered'), stop('b', 'not-started'), stop('c', 'not-started')];
  const { rerender } = render(<StopCardList {...fixed} rows={stops} />);
  expect(cardNames()).toEqual(['Stop 2 of 3: B Person, next stop', 'Stop 3 of 3: C Person', 'Stop 1 of 3: A Person']);
  rerender(<StopCardList {...fixed} rows={stops} dragging={{ from: 1, over: 0 }} />);
  expect(cardNames()).toEqual(['Stop 2 of 3: C Person', 'Stop 3 of 3: B Person, next stop', 'Stop 1 of 3: A Person']);
});
