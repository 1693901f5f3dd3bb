// What a customer bought, as the confirmation page and e-mail say it: one wording for both.
import { formatDeliveryDate, type IsoDate } from './delivery-dates';
import { formatMonth, monthList, type MonthKey } from './months';
import { formatPrice, LATER_CHARGES, MONEY_RULE, PLAN_CARD, PRICE_PER_MONTH_USD, SKIP_NOTICE_DAYS, type SiteContact } from './site';
import type { Plan } from './subscriber';
import { ACCOUNT_PATH } from './routes';

export interface OrderSummary {
  firstName: string;
  plan: Plan;
  /** Month numbers 1-12. */
  months: number[];
  /** The address as one line: street, unit, city, state and ZIP. */
  deliverTo: string;
  /** The first month with a delivery still to come, and its day; null when none is in the next year (cannot happen with a valid plan). */
  firstDelivery: { month: MonthKey; date: IsoDate } | null;
  /** A gift: who receives it, and the card message; null when people subscribe for themselves. */
  gift: { recipient: string; message: string } | null;
  /** Who took the payment: the card processor, or the built-in test checkout (nothing charged). */
  payments: 'stripe' | 'local';
}

export function deliverToLine(s: { address: string; unit: string; city: string; state: string; zip: string }): string {
  return [s.address, s.unit, `${s.city}, ${s.state} ${s.zip}`].filter(Boolean).join(', ');
}

/** The order in labelled lines, in the order both the page and the e-mail show them. */
export function orderLines(order: OrderSummary, site: SiteContact): { label: string; value: string }[] {
  const months = order.plan === 'yearly' ? 'Every month of the year' : monthList(order.months);
  const gift = order.gift
    ? [
        { label: 'A gift for', value: order.gift.recipient },
        ...(order.gift.message ? [{ label: 'Card message', value: order.gift.message }] : []),
      ]
    : [];
  return [
    ...gift,
    { label: 'Your plan', value: `${order.plan === 'yearly' ? 'Yearly' : 'Custom'}: a hand-made seasonal arrangement in a vase, delivered by hand, ${PLAN_CARD.price} ${PLAN_CARD.per}` },
    { label: 'Months', value: months },
    { label: 'Delivering to', value: order.deliverTo },
    {
      label: 'First delivery',
      value: order.firstDelivery ? `${formatDeliveryDate(order.firstDelivery.date)} (${formatMonth(order.firstDelivery.month)})` : 'We will write to you with the date',
    },
    {
      label: 'Payment',
      value:
        order.payments === 'local'
          ? 'Test mode: no card was charged.'
          : `${formatPrice(PRICE_PER_MONTH_USD)} was charged to your card today for your first delivery. ${MONEY_RULE} ${LATER_CHARGES}`,
    },
    {
      label: 'Skip, pause or cancel',
      value: `From your account (${ACCOUNT_PATH} on this site), at least ${SKIP_NOTICE_DAYS} days before a delivery, or e-mail ${site.contactEmail} or call ${site.phone}. You can cancel any time: nothing is charged after your last delivery.`,
    },
  ];
}
