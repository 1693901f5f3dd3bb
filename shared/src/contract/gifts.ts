// Gifts that end: how many deliveries a buyer gives, how they pay for them, and the words the
// subscribe form, the account, the e-mails and the FAQ use for it.
import { PRICE_PER_MONTH_CENTS, type AccountSubscription } from './account';
import { monthState, type DeliveryPlan } from './lifecycle';
import { addMonths, type MonthKey } from './months';
import { formatPrice, PRICE_PER_MONTH_USD } from './site';
import type { Plan } from './subscriber';

/** The lengths a gift may have, in deliveries; 0 is an ongoing gift that runs until it is cancelled. */
export const GIFT_LENGTHS = [3, 6, 12] as const;
export type GiftLength = (typeof GIFT_LENGTHS)[number];
export const GIFT_DELIVERY_CHOICES = [0, ...GIFT_LENGTHS] as const;
export type GiftDeliveries = (typeof GIFT_DELIVERY_CHOICES)[number];

/** Paid as each delivery comes (the usual charge), or all of a gift's deliveries at checkout. */
export const GIFT_PAYMENTS = ['per-delivery', 'prepaid'] as const;
export type GiftPayment = (typeof GIFT_PAYMENTS)[number];

export function isGiftDeliveries(value: unknown): value is GiftDeliveries {
  return (GIFT_DELIVERY_CHOICES as readonly unknown[]).includes(value);
}

/** What a gift's length and payment are, on a subscriber or a subscription. Old rows and sessions may lack them: an ongoing gift paid per delivery. */
export interface GiftTerms {
  giftDeliveries?: number | null;
  giftPayment?: GiftPayment | null;
}

export const giftDeliveriesOf = (terms: GiftTerms): number => terms.giftDeliveries ?? 0;
export const isPrepaidGift = (terms: GiftTerms): boolean => terms.giftPayment === 'prepaid' && giftDeliveriesOf(terms) > 0;

/** What the checkout takes: every delivery of a gift paid up front, else the first delivery. */
export function checkoutAmountCents(terms: GiftTerms): number {
  return isPrepaidGift(terms) ? giftDeliveriesOf(terms) * PRICE_PER_MONTH_CENTS : PRICE_PER_MONTH_CENTS;
}

/** What the checkout page and the receipt say the payment is for. */
export function checkoutDescription(terms: GiftTerms): string {
  return isPrepaidGift(terms)
    ? `Monthly Blooms: a gift of ${deliveriesText(giftDeliveriesOf(terms))}, paid up front`
    : 'Monthly Blooms: your first delivery';
}

/** "$297" for whole dollars, "$12.50" otherwise. */
export function formatCents(cents: number): string {
  return cents % 100 === 0 ? formatPrice(cents / 100) : `$${(cents / 100).toFixed(2)}`;
}

// Enough for a gift of 12 deliveries on a plan of one month a year, with room for skips.
const MONTHS_SEARCHED = 12 * 20;

/**
 * The months a gift of `count` deliveries delivers in, from its first delivery's month: the first
 * `count` months its plan delivers in, after skips and a pause. A skipped or paused month does not
 * use a delivery up, so the gift's end moves with it. Fewer months when the plan has none left.
 */
export function giftDeliveryMonths(plan: DeliveryPlan, count: number, firstMonth: MonthKey): MonthKey[] {
  const running = { status: 'active', statusFrom: firstMonth, endsAfter: null } as const;
  const months: MonthKey[] = [];
  for (let i = 0; i < MONTHS_SEARCHED && months.length < count; i++) {
    const month = addMonths(firstMonth, i);
    if (monthState(plan, running, month) === 'delivering') months.push(month);
  }
  return months;
}

/** The month of a gift's last delivery, or null for an ongoing gift (or one without a first delivery to count from). */
export function giftLastMonth(plan: DeliveryPlan & GiftTerms): MonthKey | null {
  const count = giftDeliveriesOf(plan);
  if (count === 0 || !plan.firstDelivery) return null;
  return giftDeliveryMonths(plan, count, plan.firstDelivery.slice(0, 7)).at(-1) ?? null;
}

/** "3 deliveries" */
export const deliveriesText = (count: number) => `${count} ${count === 1 ? 'delivery' : 'deliveries'}`;

/** A gift that ends, named for what it is: "Gift: 3 deliveries, paid up front ($297)", "Gift: 6 deliveries, $99 each as it comes". */
export function giftLabel(deliveries: number, payment: GiftPayment | null | undefined): string {
  return payment === 'prepaid'
    ? `Gift: ${deliveriesText(deliveries)}, paid up front (${formatCents(deliveries * PRICE_PER_MONTH_CENTS)})`
    : `Gift: ${deliveriesText(deliveries)}, ${formatPrice(PRICE_PER_MONTH_USD)} each as it comes`;
}

/** What a subscription (or the form's order) is, as a heading: a gift that ends by its deliveries, else its plan. */
export interface PlanLabelTerms extends GiftTerms {
  plan: Plan;
  gift: boolean;
}

/**
 * The one name of a subscription, on the subscribe form, the confirmation, the e-mails, the
 * account and the staff screens: "Gift: 3 deliveries, paid up front ($297)" for a gift that ends,
 * "Gift: Yearly plan, until cancelled" for an ongoing gift, else "Yearly plan" or "Custom plan".
 */
export function planLabel(s: PlanLabelTerms): string {
  const plan = s.plan === 'yearly' ? 'Yearly plan' : 'Custom plan';
  if (!s.gift) return plan;
  const deliveries = giftDeliveriesOf(s);
  return deliveries > 0 ? giftLabel(deliveries, s.giftPayment) : `Gift: ${plan}, until cancelled`;
}

/** A subscription's name in the account (planLabel): "Gift: 3 deliveries, paid up front ($297)", "Yearly plan". */
export function accountPlanLabel(s: Pick<AccountSubscription, 'plan' | 'gift' | 'giftTerms'>): string {
  return planLabel({
    plan: s.plan,
    gift: s.gift,
    giftDeliveries: s.giftTerms?.deliveries ?? 0,
    giftPayment: s.giftTerms?.prepaid ? 'prepaid' : 'per-delivery',
  });
}

/** The subscribe form's choices of length, as the buyer reads them. */
export function giftLengthLabel(deliveries: GiftDeliveries): string {
  return deliveries === 0 ? 'Ongoing, until you cancel' : deliveriesText(deliveries);
}

/** The subscribe form's choices of payment for a gift of this many deliveries. */
export function giftPaymentLabel(payment: GiftPayment, deliveries: GiftLength): string {
  return payment === 'prepaid'
    ? `All up front: ${formatCents(deliveries * PRICE_PER_MONTH_CENTS)} today`
    : `Per delivery: ${formatPrice(PRICE_PER_MONTH_USD)} as each one comes`;
}

/** The owner's rules for gifts that end, in the words every page and e-mail uses. */
export const GIFT_LENGTH_RULE =
  'A gift can run until you cancel it, or end after 3, 6 or 12 deliveries. A skipped or paused month does not use a delivery up: the gift’s end moves with it.';
export const GIFT_PREPAID_RULE =
  'Paid up front, the checkout takes every delivery at once; if you cancel, the deliveries not yet made are refunded to your card.';
export const GIFT_END_RULE = 'After the last delivery the gift ends by itself, and we e-mail you in case you would like to continue it.';

/** The staff screens' and account's note on a gift that ends: "Gift: delivery 2 of 3, 1 left". */
export function giftProgressText(delivery: number, of: number): string {
  const left = of - delivery;
  return `Gift: delivery ${delivery} of ${of}, ${left === 0 ? 'the last' : `${left} left`}`;
}
