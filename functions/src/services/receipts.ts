import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { inTransaction, type Db } from '../db/database';
import { ledgerEntries, receipts, subscriptions } from '../db/schema';
import { queueEmail } from '../infrastructure/email-outbox';
import type { Logger } from '../infrastructure/logger';
import type { MailSite } from '../mail/account-change-email';
import { receiptEmail } from '../mail/receipt-email';
import type { PaymentProvider } from '../payments/provider';
import { refundTargetOf } from './payment-ledger';
import type { LedgerEntry } from '../read-models/ledger';
import { receiptFacts, receiptKeyOf, receiptPlanOf } from '../read-models/receipts';

/** A ledger entry's receipt: its payment's, a prepaid gift's ":n" month suffix left off. */
export const RECEIPT_OF_ENTRY = eq(
  receipts.paymentRef,
  sql`regexp_replace(${ledgerEntries.paymentRef}, '^(checkout:[^:]+):[0-9]+$', '\\1')`,
);
/** A payment recorded (joined to its receipt by RECEIPT_OF_ENTRY) whose receipt is not issued yet. */
export const WAITING_FOR_RECEIPT = and(eq(ledgerEntries.kind, 'charge'), isNull(receipts.paymentRef));

/**
 * Issues a receipt for every payment recorded without one, and e-mails it: the amount, the
 * months and their delivery days (a prepaid gift's checkout: each of them), the card's brand and
 * last four, and the link to the account every e-mail has. A checkout's payment gets one too,
 * after its confirmation e-mail, which cannot say the card (it is sent in the fulfilment's
 * transaction, before the provider is asked). The receipts row is the once: a payment
 * recorded twice is one charge entry, and two runs at once insert its receipt once, so one
 * e-mail. A provider that cannot say the card leaves the receipt for the next run.
 * Returns how many receipts were issued.
 */
export async function issueReceipts(db: Db, provider: Pick<PaymentProvider, 'paymentCard'>, site: MailSite, log: Logger): Promise<number> {
  const waiting = await db
    .select({ entry: ledgerEntries })
    .from(ledgerEntries)
    .leftJoin(receipts, RECEIPT_OF_ENTRY)
    .where(WAITING_FOR_RECEIPT)
    .orderBy(asc(ledgerEntries.id))
    .limit(200);
  const byPayment = new Map<string, LedgerEntry[]>();
  for (const { entry } of waiting) {
    const key = receiptKeyOf(entry.paymentRef);
    byPayment.set(key, [...(byPayment.get(key) ?? []), entry]);
  }
  let issued = 0;
  for (const [paymentRef, charges] of byPayment) {
    let card;
    try {
      card = await provider.paymentCard(refundTargetOf(paymentRef));
    } catch (error) {
      log.warn({ err: error, paymentRef }, 'the card of a payment could not be read; its receipt waits for the next run');
      continue;
    }
    const made = await inTransaction(db, async (tx) => {
      const [receipt] = await tx
        .insert(receipts)
        .values({ paymentRef, subscriptionId: charges[0]!.subscriptionId, cardBrand: card?.brand ?? null, cardLast4: card?.last4 ?? null })
        .onConflictDoNothing()
        .returning();
      if (!receipt) return false;
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, receipt.subscriptionId));
      const facts = await receiptFacts(tx, charges, receipt);
      await queueEmail(tx, 'receipt', receiptEmail(row!, site, facts, receiptPlanOf(row!)), { subscriptionId: receipt.subscriptionId });
      return true;
    });
    if (made) issued++;
  }
  return issued;
}
