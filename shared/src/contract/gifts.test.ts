import {
  checkoutAmountCents,
  giftDeliveryMonths,
  giftLabel,
  giftLastMonth,
  giftPaymentLabel,
  GIFT_LENGTHS,
  isPrepaidGift,
  planLabel,
} from './gifts';

const plan = (months: number[], extra: object = {}) => ({
  months,
  skippedMonths: [],
  pausedFrom: null,
  pausedUntil: null,
  firstDelivery: '2027-03-11',
  ...extra,
});

describe('gifts that end', () => {
  it('a gift paid up front is every delivery at checkout; per delivery or ongoing, the first', () => {
    expect(checkoutAmountCents({ giftDeliveries: 3, giftPayment: 'prepaid' })).toBe(29700);
    expect(checkoutAmountCents({ giftDeliveries: 12, giftPayment: 'prepaid' })).toBe(118800);
    expect(checkoutAmountCents({ giftDeliveries: 6, giftPayment: 'per-delivery' })).toBe(9900);
    expect(checkoutAmountCents({ giftDeliveries: 0, giftPayment: 'prepaid' })).toBe(9900);
    expect(isPrepaidGift({})).toBe(false);
    expect(giftPaymentLabel('prepaid', 6)).toBe('All up front: $594 today');
  });

  it('counts the months the plan delivers in from the first delivery; skips and a pause move the end', () => {
    expect(giftDeliveryMonths(plan([3, 6, 9, 12]), 3, '2027-03')).toEqual(['2027-03', '2027-06', '2027-09']);
    expect(giftLastMonth({ ...plan([3, 6, 9, 12]), giftDeliveries: 3 })).toBe('2027-09');
    expect(giftLastMonth({ ...plan([3, 6, 9, 12], { skippedMonths: ['2027-06'] }), giftDeliveries: 3 })).toBe('2027-12');
    expect(
      giftLastMonth({
        ...plan([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], { pausedFrom: '2027-04', pausedUntil: '2027-06' }),
        giftDeliveries: 3,
      }),
    ).toBe('2027-08');
    expect(giftLastMonth({ ...plan([3]), giftDeliveries: 0 })).toBeNull();
  });
});

describe('a subscription named for what it is', () => {
  it.each(GIFT_LENGTHS.map((n) => [n, n * 99] as const))('a gift of %i deliveries paid up front is one payment of $%i', (n, dollars) => {
    const label = `Gift: ${n} deliveries, paid up front ($${dollars})`;
    expect(giftLabel(n, 'prepaid')).toBe(label);
    for (const plan of ['yearly', 'custom'] as const)
      expect(planLabel({ plan, gift: true, giftDeliveries: n, giftPayment: 'prepaid' })).toBe(label);
  });

  it.each(GIFT_LENGTHS)('a gift of %i deliveries paid per delivery says so, not "Yearly"', (n) => {
    expect(planLabel({ plan: 'yearly', gift: true, giftDeliveries: n, giftPayment: 'per-delivery' })).toBe(
      `Gift: ${n} deliveries, $99 each as it comes`,
    );
  });

  it('an ongoing gift and a subscription of ones own keep their plan', () => {
    expect(planLabel({ plan: 'yearly', gift: true, giftDeliveries: 0, giftPayment: 'prepaid' })).toBe('Gift: Yearly plan, until cancelled');
    expect(planLabel({ plan: 'custom', gift: true })).toBe('Gift: Custom plan, until cancelled');
    expect(planLabel({ plan: 'yearly', gift: false })).toBe('Yearly plan');
    expect(planLabel({ plan: 'custom', gift: false, giftDeliveries: 3, giftPayment: 'prepaid' })).toBe('Custom plan');
  });
});
