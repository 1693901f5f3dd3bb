import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { cardText, receiptLines, receiptNumber, type ReceiptFacts } from '@blooms/shared/contract/billing';
import { formatDeliveryDate, studioDate } from '@blooms/shared/contract/delivery-dates';
import { formatCents } from '@blooms/shared/contract/gifts';
import { formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import { inTransaction, type Db } from '../db/database';
import { ledgerEntries, receipts, subscriptions } from '../db/schema';
import { queueEmail } from '../infrastructure/email-outbox';
import type { Logger } from '../infrastructure/logger';
import { accountChangeEmail, type MailSite } from '../mail/account-change-email';
import type { PaymentProvider } from '../payments/provider';
import { deliveryDateOf } from '../read-models/delivery-dates';
import { refundTargetOf } from './payment-ledger';
import type { LedgerEntry } from '../read-models/ledger';

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
    .leftJoin(receipts, eq(receipts.paymentRef, sql`regexp_replace(${ledgerEntries.paymentRef}, '^(checkout:[^:]+):[0-9]+$', '\\1')`))
    .where(and(eq(ledgerEntries.kind, 'charge'), isNull(receipts.paymentRef)))
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
      await queueEmail(
        tx,
        'receipt',
        accountChangeEmail(row!, site, {
          subject: `Your Monthly Blooms receipt ${facts.number}: ${facts.amount}`,
          lines: receiptLines(facts),
        }),
        { subscriptionId: receipt.subscriptionId },
      );
      return true;
    });
    if (made) issued++;
  }
  return issued;
}
