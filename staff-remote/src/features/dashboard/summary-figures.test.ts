import { ALL_SUBSCRIPTIONS } from '@blooms/shared/contract/deliveries';
import { isShowing, viewFor } from './summary-figures';

describe('a day summary figure pressed', () => {
  const unassigned = { scheduled: 'stop', status: '', assignee: 'unassigned' } as const;

  it('narrows the list to its stops, keeping the search, city and order', () => {
    const view = { ...ALL_SUBSCRIPTIONS, search: 'lopez', city: 'Provo', sort: 'zip' as const, status: 'delivered' as const };
    expect(viewFor(view, unassigned)).toEqual({ ...view, scheduled: 'stop', status: '', assignee: 'unassigned' });
  });

  it('pressed again, takes its filter off', () => {
    const shown = viewFor(ALL_SUBSCRIPTIONS, unassigned);
    expect(isShowing(shown, unassigned)).toBe(true);
    expect(viewFor(shown, unassigned)).toEqual(ALL_SUBSCRIPTIONS);
  });
});
