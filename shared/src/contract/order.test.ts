import { firstDeliveryAmong, orderPreviewLines, type UpcomingDelivery } from './order';
import { EMPTY_SUBSCRIBE_FORM, type SubscribeForm } from './subscribe';
import { monthsSelected } from './months';

const UPCOMING: UpcomingDelivery[] = [
  { month: '2030-12', date: '2030-12-12' },
  { month: '2031-01', date: '2031-01-09' },
  { month: '2031-02', date: '2031-02-10' },
  { month: '2031-03', date: '2031-03-13' },
];

const custom = (months: number[], fields: Partial<SubscribeForm> = {}): SubscribeForm => ({
  ...EMPTY_SUBSCRIBE_FORM,
  plan: 'custom',
  selectedMonths: monthsSelected(months),
  ...fields,
});
const linesOf = (...args: Parameters<typeof orderPreviewLines>) =>
  Object.fromEntries(orderPreviewLines(...args).map(({ label, value }) => [label, value]));

describe('firstDeliveryAmong', () => {
  it('is the earliest day still to come in one of the plan’s months', () => {
    expect(firstDeliveryAmong(UPCOMING, [2, 3])).toEqual({ month: '2031-02', date: '2031-02-10' });
    expect(firstDeliveryAmong(UPCOMING, [12, 1])).toEqual({ month: '2030-12', date: '2030-12-12' });
  });

  it('is none when no coming day is in the plan', () => {
    expect(firstDeliveryAmong(UPCOMING, [7])).toBeNull();
    expect(firstDeliveryAmong(UPCOMING, [])).toBeNull();
  });
});

describe('the order as the subscribe form stands', () => {
  it('says the plan, its months, the first delivery day and what is charged today', () => {
    expect(linesOf(custom([3, 1]), UPCOMING)).toEqual({
      'Your plan': 'Custom plan: a hand-made seasonal arrangement in a vase, delivered by hand, $99 per delivered month',
      Months: 'January, March',
      'First delivery': 'Thursday, January 9 (January 2031)',
      'Due today': '$99, for your first delivery. Each later delivery is charged 6 days before it, once it can no longer be skipped.',
    });
    expect(linesOf(EMPTY_SUBSCRIBE_FORM, UPCOMING)).toMatchObject({
      Months: 'Every month of the year',
      'First delivery': 'Thursday, December 12 (December 2030)',
    });
  });

  it('adds where it goes once the address, city and ZIP are filled in, and whom a gift is for', () => {
    const form = custom([2], {
      firstName: ' Ivy ',
      lastName: 'Lane',
      address: '4 Oak Ave',
      unit: '2B',
      city: 'Sandy',
      zip: '84070',
      gift: true,
    });
    expect(linesOf(form, UPCOMING)).toMatchObject({ 'A gift for': 'Ivy Lane', 'Delivering to': '4 Oak Ave, 2B, Sandy, UT 84070' });
    expect(Object.keys(linesOf({ ...form, zip: '', gift: false }, UPCOMING))).toEqual([
      'Your plan',
      'Months',
      'First delivery',
      'Due today',
    ]);
  });

  it('says where the first delivery day stands while it is not known', () => {
    expect(linesOf(custom([2]), 'loading')['First delivery']).toBe('Looking up the delivery calendar…');
    expect(linesOf(custom([2]), 'failed')['First delivery']).toBe('On your confirmation');
    expect(linesOf(custom([]), UPCOMING)).toMatchObject({ Months: 'None chosen yet', 'First delivery': 'Choose a month' });
  });
});
