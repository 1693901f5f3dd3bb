// What a customer bought, as the confirmation page and e-mail say it: one wording for both.
import { formatDeliveryDate, type IsoDate } from './delivery-dates';
import { formatMonth, monthList, type MonthKey } from './months';
import { CANCEL_RULE, formatPrice, LATER_CHARGES, MONEY_RULE, PLAN_CARD, PRICE_PER_MONTH_USD, SKIP_RULE } from './site';
import type { Plan } from './subscriber';
import { plannedMonths, type SubscribeForm } from './subscribe';
import { ACCOUNT_LINK_LABEL } from './routes';
import {
  checkoutAmountCents,
  deliveriesText,
  formatCents,
  GIFT_END_RULE,
  GIFT_PREPAID_RULE,
  planLabel,
  type PlanLabelTerms,
} from './gifts';

/** A delivery day still to come: the month and its day. */
export interface UpcomingDelivery {
  month: MonthKey;
  date: IsoDate;
}

/** The coming delivery days as the subscribe form has them: the list, or where asking for it stands. */
export type UpcomingDeliveries = readonly UpcomingDelivery[] | 'loading' | 'failed';

/** The delivery days of the coming year that are still ahead, for the subscribe form's order summary. */
export const UPCOMING_DELIVERIES_PATH = '/api/upcoming-deliveries';

/** The first delivery of a plan: the earliest day still to come in one of its months (1-12). */
export function firstDeliveryAmong(upcoming: readonly UpcomingDelivery[], months: readonly number[]): UpcomingDelivery | null {
  return upcoming.find((day) => months.includes(Number(day.month.slice(5, 7)))) ?? null;
}

export interface OrderSummary {
  firstName: string;
  plan: Plan;
  /** Month numbers 1-12. */
  months: number[];
  /** The address as one line: street, unit, city, state and ZIP. */
  deliverTo: string;
  /** The first month with a delivery still to come, and its day; null when none is in the next year (cannot happen with a valid plan). */
  firstDelivery: UpcomingDelivery | null;
  /** A gift: who receives it, and the card message; null when people subscribe for themselves. */
  gift: {
    recipient: string;
    message: string;
    /** Its length in deliveries; 0 while it runs until cancelled. */
    deliveries: number;
    /** What the checkout took for all its deliveries, when paid up front; else 0. */
    prepaidCents: number;
  } | null;
  /** Who took the payment: the card processor, or the built-in test checkout (nothing charged). */
  payments: 'stripe' | 'local';
}

export function deliverToLine(s: { address: string; unit: string; city: string; state: string; zip: string }): string {
  return [s.address, s.unit, `${s.city}, ${s.state} ${s.zip}`].filter(Boolean).join(', ');
}

const ARRANGEMENT = 'a hand-made seasonal arrangement in a vase, delivered by hand';

/** "Gift: 3 deliveries, paid up front ($297): a hand-made ... After the last delivery ...", or "Yearly plan: a hand-made ..., $99 per delivered month". */
function planLine(terms: PlanLabelTerms) {
  const ends = terms.gift && (terms.giftDeliveries ?? 0) > 0;
  return {
    label: 'Your plan',
    value: ends
      ? `${planLabel(terms)}: ${ARRANGEMENT}. ${GIFT_END_RULE}`
      : `${planLabel(terms)}: ${ARRANGEMENT}, ${PLAN_CARD.price} ${PLAN_CARD.per}`,
  };
}

const monthsLine = (terms: PlanLabelTerms, months: readonly number[]) => ({
  label: 'Months',
  value:
    terms.plan === 'yearly'
      ? terms.gift && (terms.giftDeliveries ?? 0) > 0
        ? 'Every month, from the first delivery'
        : 'Every month of the year'
      : months.length > 0
        ? monthList(months)
        : 'None chosen yet',
});

const deliveryDay = (day: UpcomingDelivery) => `${formatDeliveryDate(day.date)} (${formatMonth(day.month)})`;

/** What the order bought, in the terms planLabel names it by. */
export function orderTerms(order: Pick<OrderSummary, 'plan' | 'gift'>): PlanLabelTerms {
  return {
    plan: order.plan,
    gift: order.gift !== null,
    giftDeliveries: order.gift?.deliveries ?? 0,
    giftPayment: order.gift && order.gift.prepaidCents > 0 ? 'prepaid' : 'per-delivery',
  };
}

/** The order in labelled lines, in the order both the page and the e-mail show them. */
export function orderLines(order: OrderSummary): { label: string; value: string }[] {
  const gift = order.gift
    ? [
        { label: 'A gift for', value: order.gift.recipient },
        ...(order.gift.message ? [{ label: 'Card message', value: order.gift.message }] : []),
      ]
    : [];
  const prepaid = order.gift && order.gift.prepaidCents > 0 ? order.gift : null;
  const terms = orderTerms(order);
  return [
    ...gift,
    planLine(terms),
    monthsLine(terms, order.months),
    { label: 'Delivering to', value: order.deliverTo },
    { label: 'First delivery', value: order.firstDelivery ? deliveryDay(order.firstDelivery) : 'We will write to you with the date' },
    {
      label: 'Payment',
      value:
        order.payments === 'local'
          ? 'Test mode: no card was charged.'
          : prepaid
            ? `${formatCents(prepaid.prepaidCents)} was charged to your card today for all ${deliveriesText(prepaid.deliveries)}. ${GIFT_PREPAID_RULE}`
            : `${formatPrice(PRICE_PER_MONTH_USD)} was charged to your card today for your first delivery. ${MONEY_RULE} ${LATER_CHARGES}`,
    },
    {
      label: 'Skip, pause or cancel',
      value: `In ${ACCOUNT_LINK_LABEL}, your account on this site. ${SKIP_RULE} ${CANCEL_RULE}`,
    },
  ];
}

function firstDeliveryPreview(months: readonly number[], upcoming: UpcomingDeliveries): string {
  if (months.length === 0) return 'Choose a month';
  if (upcoming === 'loading') return 'Looking up the delivery calendar…';
  const first = upcoming === 'failed' ? null : firstDeliveryAmong(upcoming, months);
  return first ? deliveryDay(first) : 'On your confirmation';
}

/**
 * The order as the subscribe form stands, before checkout, in the confirmation's words.
 * upcoming: the coming delivery days, or where asking for them stands.
 */
export function orderPreviewLines(form: SubscribeForm, upcoming: UpcomingDeliveries): { label: string; value: string }[] {
  const months = plannedMonths(form);
  const recipient = `${form.firstName.trim()} ${form.lastName.trim()}`.trim();
  const address = { address: form.address.trim(), unit: form.unit.trim(), city: form.city.trim(), state: form.state, zip: form.zip.trim() };
  return [
    ...(form.gift && recipient ? [{ label: 'A gift for', value: recipient }] : []),
    planLine(form),
    monthsLine(form, months),
    ...(address.address && address.city && address.zip ? [{ label: 'Delivering to', value: deliverToLine(address) }] : []),
    { label: 'First delivery', value: firstDeliveryPreview(months, upcoming) },
    { label: 'Due today', value: dueToday(form, true) },
  ];
}

/** What the checkout takes, as the form says it: the first delivery, or every delivery of a gift paid up front. */
function dueToday(form: SubscribeForm, withLaterCharges: boolean): string {
  const terms = form.gift ? form : {};
  const cents = checkoutAmountCents(terms);
  if (cents === PRICE_PER_MONTH_USD * 100) return withLaterCharges ? `${DUE_TODAY} ${LATER_CHARGES}` : DUE_TODAY;
  return `${formatCents(cents)}, for all ${deliveriesText(form.giftDeliveries)} of the gift.`;
}

const DUE_TODAY = `${PLAN_CARD.price}, for your first delivery.`;

/** The order in two short lines, when the flowers first come and what is charged now: a phone shows them right above Subscribe. */
export function orderGlanceLines(form: SubscribeForm, upcoming: UpcomingDeliveries): { label: string; value: string }[] {
  return [
    { label: 'First delivery', value: firstDeliveryPreview(plannedMonths(form), upcoming) },
    { label: 'Due today', value: dueToday(form, false) },
  ];
}
