import { and, asc, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { inTransaction, type Db } from '../db/database';
import { signInLinkRequests } from '../db/schema';
import { signInLinkEmail, type MailSite } from '../mail/account-change-email';
import { holdsSubscriptions } from '../read-models/account';
import { queueEmail, wakeOutboxWorkers } from '../infrastructure/email-outbox';
import type { Logger } from '../infrastructure/logger';

/** A link asked for longer ago than this is not made any more: it would expire as it arrived. */
const STALE_AFTER = sql`interval '1 hour'`;
/** How long a worker holds a request it took; one that died meanwhile leaves it to be taken again. */
const HOLD_FOR = sql`interval '1 minute'`;
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

/** Takes the oldest request due, holding it for HOLD_FOR; null when none is due. */
async function takeRequest(db: Db) {
  const due = db
    .select({ id: signInLinkRequests.id })
    .from(signInLinkRequests)
    .where(
      and(
        lte(signInLinkRequests.nextAttemptAt, sql`now()`),
        gt(signInLinkRequests.requestedAt, sql`now() - ${STALE_AFTER}`),
        lt(signInLinkRequests.attempts, MAX_ATTEMPTS),
      ),
    )
    .orderBy(asc(signInLinkRequests.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [request] = await db
    .update(signInLinkRequests)
    .set({ attempts: sql`${signInLinkRequests.attempts} + 1`, nextAttemptAt: sql`now() + ${HOLD_FOR}` })
    .where(inArray(signInLinkRequests.id, due))
    .returning();
  return request ?? null;
}

/**
 * Makes the links asked for, for the addresses that hold a subscription, and queues their
 * e-mails in the transaction that takes the request off the queue; other addresses get
 * nothing. No transaction is open while Firebase Auth makes a link (the embedded database has
 * one connection). A link that cannot be made stays queued for the next round, up to
 * MAX_ATTEMPTS; requests older than an hour are dropped.
 */
export async function makeRequestedSignInLinks(
  db: Db,
  createLink: (email: string, pageUrl: string) => Promise<string>,
  site: Omit<MailSite, 'accountUrl'>,
  log: Logger,
): Promise<void> {
  await db
    .delete(signInLinkRequests)
    .where(or(lt(signInLinkRequests.requestedAt, sql`now() - ${STALE_AFTER}`), eq(signInLinkRequests.attempts, MAX_ATTEMPTS)));
  for (let request = await takeRequest(db); request; request = await takeRequest(db)) {
    const { id, email, accountUrl } = request;
    let link: string | null = null;
    try {
      if (await holdsSubscriptions(db, email)) link = await createLink(email, accountUrl);
    } catch (error) {
      await db
        .update(signInLinkRequests)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(signInLinkRequests.id, id));
      log.warn({ err: error, requestId: id }, 'a sign-in link could not be made; it is tried again on the next round');
      return;
    }
    await inTransaction(db, async (tx) => {
      const [taken] = await tx.delete(signInLinkRequests).where(eq(signInLinkRequests.id, id)).returning({ id: signInLinkRequests.id });
      if (taken && link)
        await queueEmail(tx, 'account-sign-in', signInLinkEmail(email, link, { ...site, accountUrl }), { subscriptionId: null });
    });
    if (link) log.info({ requestId: id }, 'account sign-in link made');
  }
}
