import { deliversIn, lifecycleNote, monthState, type DeliveryPlan, type Lifecycle } from './lifecycle';

const custom: DeliveryPlan = { months: [1, 3, 11, 12], skippedMonths: [], pausedFrom: null, pausedUntil: null };
const running: Lifecycle = { status: 'active', statusFrom: '2026-10', endsAfter: null };

describe('which months deliver', () => {
  it('only the months in the plan, while it runs', () => {
    expect(deliversIn(custom, running, '2026-11')).toBe(true);
    expect(deliversIn(custom, running, '2027-02')).toBe(false);
  });

  it('none after the last month of a subscription that is ending or cancelled', () => {
    const cancelled: Lifecycle = { status: 'cancelled', statusFrom: '2026-12', endsAfter: '2026-11' };
    expect(deliversIn(custom, cancelled, '2026-11')).toBe(true);
    expect(deliversIn(custom, cancelled, '2026-12')).toBe(false);
    expect(deliversIn(custom, { ...running, endsAfter: '2026-12' }, '2027-01')).toBe(false);
    // A cancellation with no last month stops from its own month.
    expect(deliversIn(custom, { status: 'cancelled', statusFrom: '2026-12', endsAfter: null }, '2026-11')).toBe(true);
    expect(deliversIn(custom, { status: 'cancelled', statusFrom: '2026-12', endsAfter: null }, '2026-12')).toBe(false);
  });

  it.each(['past-due', 'paused'] as const)('none from the month a %s status applies to; earlier months keep theirs', (status) => {
    const held: Lifecycle = { status, statusFrom: '2026-12', endsAfter: null };
    expect(deliversIn(custom, held, '2026-11')).toBe(true);
    expect(deliversIn(custom, held, '2026-12')).toBe(false);
    expect(deliversIn(custom, held, '2027-01')).toBe(false);
  });
});

describe('the first delivery', () => {
  it('no month before the one the checkout paid for delivers, though it is in the plan', () => {
    const late = { ...custom, firstDelivery: '2026-12-10' };
    expect(monthState(late, running, '2026-11')).toBe('before-first');
    expect(monthState(late, running, '2026-12')).toBe('delivering');
    expect(monthState(late, running, '2026-10')).toBe('not-in-plan');
    expect(deliversIn({ ...custom, firstDelivery: null }, running, '2026-11')).toBe(true);
  });
});

describe('months the subscriber changed', () => {
  it('a skipped month does not deliver; the months around it do', () => {
    const plan = { ...custom, skippedMonths: ['2026-12'] };
    expect(monthState(plan, running, '2026-12')).toBe('skipped');
    expect(deliversIn(plan, running, '2026-11')).toBe(true);
    expect(deliversIn(plan, running, '2027-01')).toBe(true);
  });

  it('a pause holds every month from its first to its last, both included', () => {
    const plan = { ...custom, pausedFrom: '2026-12', pausedUntil: '2027-01' };
    expect(monthState(plan, running, '2026-11')).toBe('delivering');
    expect(monthState(plan, running, '2026-12')).toBe('paused');
    expect(monthState(plan, running, '2027-01')).toBe('paused');
    expect(monthState(plan, running, '2027-03')).toBe('delivering');
  });

  it('says why a month does not deliver, the plan and the lifecycle first', () => {
    const plan = { ...custom, skippedMonths: ['2027-02', '2027-03'] };
    expect(monthState(plan, running, '2027-02')).toBe('not-in-plan');
    expect(monthState(plan, { ...running, endsAfter: '2027-01' }, '2027-03')).toBe('ended');
    expect(monthState(plan, { status: 'past-due', statusFrom: '2027-01', endsAfter: null }, '2027-03')).toBe('stopped');
  });
});

describe('the note staff see', () => {
  it('says nothing of a running subscription, and names the month otherwise', () => {
    expect(lifecycleNote(running)).toBeNull();
    expect(lifecycleNote({ ...running, endsAfter: '2027-03' })).toBe('Ends after March 2027');
    expect(lifecycleNote({ status: 'past-due', statusFrom: '2026-12', endsAfter: null })).toBe('Past due from December 2026');
    expect(lifecycleNote({ status: 'paused', statusFrom: '2027-01', endsAfter: null })).toBe('Paused from January 2027');
    expect(lifecycleNote({ status: 'cancelled', statusFrom: '2026-12', endsAfter: '2026-11' })).toBe(
      'Cancelled, last delivery November 2026',
    );
  });
});
