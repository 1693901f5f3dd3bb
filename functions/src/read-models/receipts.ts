import { cardText, receiptNumber } from '@blooms/shared/contract/billing';
import type { ReceiptFacts } from '@blooms/shared/contract/receipts';
import { formatDeliveryDate, studioDate } from '@blooms/shared/contract/delivery-dates';
import { formatCents, planLabel } from '@blooms/shared/contract/gifts';
import { formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import { isGift } from '@blooms/shared/contract/subscriber';
import type { Db } from '../db/database';
import type { SubscriptionDbRow } from '../db/schema';
import { deliveryDateOf } from './delivery-dates';
import type { LedgerEntry } from './ledger';

/** The provider payment a charge entry belongs to: a prepaid gift's months ("checkout:cs:2") are one checkout payment. */
export const receiptKeyOf = (paymentRef: string) => paymentRef.replace(/^(checkout:[^:]+):\d+$/, '$1');

/** What a receipt says of the charges of one payment, the card it was made with, and its number. */
export async function receiptFacts(
  db: Db,
  charges: LedgerEntry[],
  receipt: { number: number; cardBrand: string | null; cardLast4: string | null },
): Promise<ReceiptFacts> {
  const deliveries: string[] = [];
  for (const charge of [...charges].sort((a, b) => a.month.localeCompare(b.month))) {
    const day = await deliveryDateOf(db, charge.month as MonthKey);
    deliveries.push(`${formatMonth(charge.month as MonthKey)} delivery, on ${formatDeliveryDate(day.date, { withYear: true })}`);
  }
  return {
    number: receiptNumber(receipt.number),
    amount: formatCents(charges.reduce((sum, charge) => sum + charge.amountCents, 0)),
    deliveries,
    card: cardText(receipt.cardBrand, receipt.cardLast4),
    paidOn: formatDeliveryDate(studioDate(charges[0]!.at), { withYear: true }),
  };
}

/** A subscription's name on its receipts (planLabel): a gift's length and payment, or its plan. */
export const receiptPlanOf = (row: SubscriptionDbRow) =>
  planLabel({ plan: row.plan, gift: isGift(row), giftDeliveries: row.giftDeliveries, giftPayment: row.giftPayment });
