import { claimsOutsideTheContract } from './site-claims';
import { CANCEL_RULE, CHARGE_TIMING, GIFT_RULE, MONEY_RULE, PLAN_CARD, SKIP_RULE } from './site';

describe('claimsOutsideTheContract', () => {
  it('lets the contract’s own sentences through, numbers and all', () => {
    expect(
      claimsOutsideTheContract(
        `${MONEY_RULE} ${CHARGE_TIMING} ${SKIP_RULE} ${CANCEL_RULE} ${GIFT_RULE} ${PLAN_CARD.rules} $99 was charged. $99.00 on Friday, March 5.`,
      ),
    ).toEqual([]);
  });

  it.each([
    ['Yes. Tell us at least 7 days before your scheduled delivery to skip or pause it, at hello@blooms.example.', /"7 days": a notice/],
    [
      'You can cancel any time before your next billing cycle. Get in touch and we will stop the next charge.',
      /get in touch.*e-mail or call/i,
    ],
    ['Google (Firebase), to let our staff sign in. Visitors and subscribers do not sign in.', /subscribers do not sign in/],
    ['Subscribe with the recipient’s name and address, and add a note for our driver in the delivery notes.', /card message/],
    ['To skip or pause a delivery, give us at least seven days’ notice.', /seven days/],
    ['Flowers for $89 a month.', /"\$89": the price is \$99/],
    ['Skip a month with a week’s notice.', /a week/],
  ])('catches what the contract does not hold: %s', (text, why) => {
    expect(claimsOutsideTheContract(text).join('\n')).toMatch(why);
  });
});
