import { and, desc, eq, isNotNull, max } from 'drizzle-orm';
import { CARD_LINK_MESSAGES } from '@blooms/shared/contract/business-figures';
import { formatMonth } from '@blooms/shared/contract/months';
import { inTransaction, type Db } from '../db/database';
import { chargeAttempts, subscriptionEvents, subscriptions } from '../db/schema';
import { announce } from '../infrastructure/change-feed';
import { queueEmail } from '../infrastructure/email-outbox';
import { chargeConfirmationUrl, paymentAuthenticationEmail, paymentFailedEmail, type MailSite } from '../mail/account-change-email';
import { CARD_LINK_EVENT, sendAgainAfter } from '../read-models/payments-to-chase';
import { ConflictError, NotFoundError, TooSoonError } from '../domain/errors';

/**
 * Staff e-mail the payer of a subscription whose payment has not gone through the same message
 * again: past due, the decline notice pointing to Update card in the account; awaiting the
 * bank's authentication, the request with its confirmation link. At most once in
 * CARD_LINK_RESEND_HOURS per subscription: the subscription row is locked while the last
 * sending is read and the new one recorded (in its history, by the staff member) and queued, so
 * two sends at once make one. A subscription with nothing to chase, or sent it too recently,
 * is refused and nothing changes.
 */
export async function sendCardLinkAgain(db: Db, site: MailSite, staffEmail: string, subscriptionId: string, now: Date): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for('update');
    if (!row) throw new NotFoundError('There is no such subscription.');
    if (row.status !== 'past-due' && row.status !== 'needs-authentication') throw new ConflictError(CARD_LINK_MESSAGES.notOwing);
    const [last] = await tx
      .select({ at: max(subscriptionEvents.at) })
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.subscriptionId, row.id), eq(subscriptionEvents.kind, CARD_LINK_EVENT)));
    const from = sendAgainAfter(last?.at ? new Date(last.at) : null);
    if (from && from > now)
      throw new TooSoonError(CARD_LINK_MESSAGES.tooSoon, Math.ceil((from.getTime() - now.getTime()) / 1000), {
        sendAgainFrom: from.toISOString(),
      });

    // The bank's question is asked of one try: its confirmation link, as the first e-mail had it.
    const [asked] =
      row.status === 'needs-authentication'
        ? await tx
            .select()
            .from(chargeAttempts)
            .where(
              and(
                eq(chargeAttempts.subscriptionId, row.id),
                eq(chargeAttempts.outcome, 'needs-authentication'),
                isNotNull(chargeAttempts.authenticationToken),
              ),
            )
            .orderBy(desc(chargeAttempts.at))
            .limit(1)
        : [];
    const mail = asked
      ? paymentAuthenticationEmail(row, site, formatMonth(asked.month), chargeConfirmationUrl(site, asked.authenticationToken!))
      : paymentFailedEmail(row, site);
    await tx.insert(subscriptionEvents).values({
      subscriptionId: row.id,
      actorKind: 'staff',
      actor: staffEmail,
      kind: CARD_LINK_EVENT,
      detail: { status: row.status, to: mail.to.address },
      at: now,
    });
    await queueEmail(tx, CARD_LINK_EVENT, mail, { subscriptionId: row.id });
    await announce(tx, { type: 'subscription-changed', subscriptionId: row.id });
  });
}
