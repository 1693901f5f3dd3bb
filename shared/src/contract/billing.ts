// What the product says about money given back and taken: cancel refunds, staff refunds, receipts.
import { formatCents } from './gifts';

/** The cancel prompt's sentence on money given back, or '' when cancelling gives nothing back. */
export function cancelRefundText(refundCents: number, prepaidGift: boolean): string {
  if (refundCents <= 0) return '';
  return prepaidGift
    ? `The gift was paid up front: ${formatCents(refundCents)} for the deliveries not made is refunded to your card.`
    : `${formatCents(refundCents)} already paid for a month that would not be delivered is refunded to your card.`;
}
