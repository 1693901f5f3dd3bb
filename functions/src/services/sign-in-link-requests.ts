import { and, asc, eq, gt, lt, or, sql } from 'drizzle-orm';
import { inTransaction, type Db } from '../db/database';
import { signInLinkRequests } from '../db/schema';
import { signInLinkEmail, type MailSite } from '../mail/account-change-email';
import { holdsSubscriptions } from './account';
import { queueEmail, wakeOutboxWorkers } from './email-outbox';
import type { Logger } from './logger';

/** A link asked for longer ago than this is not made any more: it would expire as it arrived. */
const STALE_AFTER = sql`interval '1 hour'`;
/** Tries to make one link (Firebase Auth unreachable) before the request is dropped. */
const MAX_ATTEMPTS = 5;

/**
 * Queues a request for a sign-in link, whatever the address: the caller's answer then costs
 * the same for a subscriber and a stranger, so its timing tells nobody who subscribes.
 */
export async function requestSignInLink(db: Db, email: string, accountUrl: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.insert(signInLinkRequests).values({ email, accountUrl });
    await wakeOutboxWorkers(tx);
  });
}

/**
 * Makes the links asked for, for the addresses that hold a subscription, and queues their
 * e-mails in the same transaction that takes the request off the queue; other addresses get
 * nothing. A link that cannot be made (Firebase Auth unreachable) stays queued for the next
 * round, up to MAX_ATTEMPTS; requests older than an hour are dropped.
 */
export async function makeRequestedSignInLinks(
  db: Db,
  createLink: (email: string, pageUrl: string) => Promise<string>,
  site: Omit<MailSite, 'accountUrl'>,
  log: Logger,
): Promise<void> {
  await db.delete(signInLinkRequests).where(or(lt(signInLinkRequests.requestedAt, sql`now() - ${STALE_AFTER}`), eq(signInLinkRequests.attempts, MAX_ATTEMPTS)));
  for (;;) {
    let id: number | null = null;
    try {
      const made = await inTransaction(db, async (tx) => {
        const [request] = await tx
          .select()
          .from(signInLinkRequests)
          .where(and(gt(signInLinkRequests.requestedAt, sql`now() - ${STALE_AFTER}`), lt(signInLinkRequests.attempts, MAX_ATTEMPTS)))
          .orderBy(asc(signInLinkRequests.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!request) return false;
        id = request.id;
        await tx.delete(signInLinkRequests).where(eq(signInLinkRequests.id, request.id));
        if (await holdsSubscriptions(tx, request.email)) {
          const link = await createLink(request.email, request.accountUrl);
          await queueEmail(tx, 'account-sign-in', signInLinkEmail(request.email, link, { ...site, accountUrl: request.accountUrl }), { subscriptionId: null });
          log.info({ requestId: request.id }, 'account sign-in link made');
        }
        return true;
      });
      if (!made) return;
    } catch (error) {
      if (id === null) throw error;
      await db.update(signInLinkRequests).set({ attempts: sql`${signInLinkRequests.attempts} + 1` }).where(eq(signInLinkRequests.id, id));
      log.warn({ err: error, requestId: id }, 'a sign-in link could not be made; it is tried again on the next round');
      return;
    }
  }
}
