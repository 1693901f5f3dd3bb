import { and, eq } from 'drizzle-orm';
import { RECEIPT_NOT_FOUND, type ReceiptPage } from '@blooms/shared/contract/receipts';
import { BRAND_NAME, type SiteContact } from '@blooms/shared/contract/site';
import { isGift, payerOf } from '@blooms/shared/contract/subscriber';
import type { Db } from '../db/database';
import { receipts, subscriptions } from '../db/schema';
import { NotFoundError } from '../domain/errors';
import { heldBy } from './account';
import { ledgerOf } from './ledger';
import { receiptFacts, receiptKeyOf, receiptPlanOf } from './receipts';

/**
 * One receipt of a subscription the e-mail address holds, by its number ("R-000042"), as its
 * printable page shows it. Another subscriber's receipt is not found, in the same words as one
 * that does not exist.
 */
export async function receiptPageOf(db: Db, email: string, number: string, site: SiteContact): Promise<ReceiptPage> {
  const [found] = await db
    .select({ receipt: receipts, subscription: subscriptions })
    .from(receipts)
    .innerJoin(subscriptions, eq(subscriptions.id, receipts.subscriptionId))
    .where(and(eq(receipts.number, Number(number.slice(2))), heldBy(email)));
  if (!found) throw new NotFoundError(RECEIPT_NOT_FOUND);
  const { receipt, subscription: row } = found;
  const charges = (await ledgerOf(db, [row.id])).filter(
    (entry) => entry.kind === 'charge' && receiptKeyOf(entry.paymentRef) === receipt.paymentRef,
  );
  if (charges.length === 0) throw new NotFoundError(RECEIPT_NOT_FOUND);
  return {
    receipt: await receiptFacts(db, charges, receipt),
    plan: receiptPlanOf(row),
    paidBy: payerOf(row).name,
    giftTo: isGift(row) ? `${row.firstName} ${row.lastName}` : null,
    business: { name: BRAND_NAME, streetAddress: site.streetAddress, contactEmail: site.contactEmail, phone: site.phone },
  };
}
