import { checkoutAmountCents, giftDeliveryMonths, giftLastMonth, giftPaymentLabel, isPrepaidGift } from './gifts';

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
