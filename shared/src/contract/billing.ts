// What the product says about money given back and taken: cancel refunds, staff refunds, receipts.
import { formatCents } from './gifts';
import { z } from 'zod';

/** The cancel prompt's sentence on money given back, or '' when cancelling gives nothing back. */
export function cancelRefundText(refundCents: number, prepaidGift: boolean): string {
  if (refundCents <= 0) return '';
  return prepaidGift
    ? `The gift was paid up front: ${formatCents(refundCents)} for the deliveries not made is refunded to your card.`
    : `${formatCents(refundCents)} already paid for a month that would not be delivered is refunded to your card.`;
}

/** What staff are told when a refund cannot be made (each one changes nothing). */
export const REFUND_MESSAGES = {
  noMonth: 'Choose the month to refund.',
  noAmount: 'Enter the amount to refund, more than $0.',
  notCents: 'Enter the amount in dollars and cents, like 25 or 12.50.',
  noReason: 'Say why the month is refunded: the payer reads it in their e-mail.',
  reasonTooLong: 'The reason must be at most 500 characters.',
  noDelivery: 'Say whether the month is still delivered.',
  nothingPaid: (month: string) => `Nothing paid for ${month} is left to refund.`,
  tooMuch: (month: string, left: string) => `Only ${left} paid for ${month} is left to refund.`,
  /** Part of a month not delivered, when no later delivery of the subscription could take the rest of its money. */
  restHasNowhere: (month: string, rest: string) =>
    `No later delivery can take the other ${rest} paid for ${month}: refund all of it, or keep the delivery.`,
  badKey: 'The refund’s key must be 16 to 100 letters, digits, - or _: reload the page and try again.',
  keyUsed: 'This refund was already made with other details: reload the page to see it.',
  /** Said on the dashboard once made. */
  done: (amount: string, month: string) => `Refunded ${amount} for ${month}. The payer is e-mailed.`,
} as const;

/** A staff refund of a charged month: how much (whole or part), why, and whether the month is still delivered. */
export const staffRefundSchema = z.strictObject({
  month: z.string({ error: REFUND_MESSAGES.noMonth }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, REFUND_MESSAGES.noMonth),
  amountCents: z
    .number({ error: REFUND_MESSAGES.noAmount })
    .int(REFUND_MESSAGES.notCents)
    .positive(REFUND_MESSAGES.noAmount)
    .max(10_000_000, REFUND_MESSAGES.noAmount),
  reason: z.string({ error: REFUND_MESSAGES.noReason }).trim().min(1, REFUND_MESSAGES.noReason).max(500, REFUND_MESSAGES.reasonTooLong),
  delivery: z.enum(['kept', 'dropped'], { error: REFUND_MESSAGES.noDelivery }),
  /**
   * The refund form makes one per refund it shows and sends it with every try of it: the same
   * key again (a retry after a lost answer, a second click, a second tab) is answered as the
   * first was, and refunds nothing more. Optional: a client without it gets a refund per request.
   */
  idempotencyKey: z
    .string({ error: REFUND_MESSAGES.badKey })
    .regex(/^[A-Za-z0-9_-]{16,100}$/, REFUND_MESSAGES.badKey)
    .optional(),
});
export type StaffRefund = z.output<typeof staffRefundSchema>;

/**
 * What the refund form asks before it refunds: the question, what happens to the month's
 * delivery, and what the payer gets. `rest` is what the month still holds after it, if anything.
 */
export function refundConfirmation(amount: string, month: string, delivery: 'kept' | 'dropped', rest: string | null) {
  return {
    question: `Refund ${amount} for ${month}?`,
    delivery:
      delivery === 'kept'
        ? `The ${month} delivery is kept: still delivered, or it stands as delivered.`
        : `The ${month} delivery is not made: a coming month is skipped, a past one is recorded as not delivered.${rest ? ` The other ${rest} paid for it goes to the next delivery.` : ''}`,
    payer: `${amount} goes back to the payer’s card, and they are e-mailed why.`,
  };
}

/** "12.50" or "$12.50" typed by staff, in cents; null when it is not an amount of dollars and cents. */
export function centsFromDollars(text: string): number | null {
  const match = /^\$?\s*(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The payer's e-mail about a refund: what, for which month, why, and what happens to the delivery. */
export function refundEmailLines(amount: string, month: string, reason: string, delivery: 'kept' | 'dropped', past: boolean): string[] {
  return [
    `We refunded ${amount} to your card for your ${month} delivery. It can take 5 to 10 days to show on your statement.`,
    `Why: ${reason}`,
    delivery === 'kept'
      ? past
        ? `Your ${month} delivery stands as it was.`
        : `Your ${month} flowers are still delivered as planned.`
      : past
        ? `Your ${month} delivery is recorded as not delivered.`
        : `Your ${month} flowers are not delivered; nothing more is charged for that month.`,
  ];
}

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** "Visa ending in 4242", from the provider's brand ("visa") and last four; null when the card is not known. */
export function cardText(brand: string | null, last4: string | null): string | null {
  if (!last4) return null;
  const name = brand ? (CARD_BRANDS[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1)) : 'Card';
  return `${name} ending in ${last4}`;
}

export const receiptNumber = (n: number) => `R-${String(n).padStart(6, '0')}`;
