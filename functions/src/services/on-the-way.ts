import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { addDays, formatDeliveryDate, studioDate, studioMidnight } from '@blooms/shared/contract/delivery-dates';
import type { MonthKey } from '@blooms/shared/contract/months';
import { displayFirstName } from '@blooms/shared/contract/roles';
import { TRACK_PATH } from '@blooms/shared/contract/tracking';
import type { Db } from '../db/database';
import { deliveries, stopTracking, subscriptions, users } from '../db/schema';
import { queueEmail } from '../infrastructure/email-outbox';
import type { MailSite } from '../mail/account-change-email';
import { onTheWayEmail } from '../mail/on-the-way-email';
import { deliveryDateOf } from '../read-models/delivery-dates';
import { trackTokenHash } from '../read-models/stop-tracking';
import { queueOnTheWayText } from './texts';

/** What a notice needs beyond the stop: where links point, and the server's time (the test clock's, on a test stack). */
export interface NoticeContext {
  site: MailSite;
  now: Date;
}

/** The tracking page's absolute address for a token. */
export const trackUrl = (site: MailSite, token: string) => `${new URL(site.accountUrl).origin}${TRACK_PATH}?t=${token}`;

/**
 * Tells the subscriber their stop is out for delivery: inside the transaction that moved it, so
 * the notice exists exactly when the change commits. Once per stop and month, ever: the
 * stop_tracking row's key decides (a stop taken back and sent out again is not noticed twice,
 * and two requests at once insert one row). A vase pickup brings no flowers, so it has none.
 * Each way of telling (the e-mail, a text) is one call below, given the same facts.
 */
export async function noticeOnTheWay(tx: Db, stop: { subscriptionId: string; month: MonthKey }, context: NoticeContext): Promise<void> {
  const [row] = await tx
    .select({ subscription: subscriptions, kind: deliveries.kind, assigneeId: deliveries.assigneeId })
    .from(deliveries)
    .innerJoin(subscriptions, eq(subscriptions.id, deliveries.subscriptionId))
    .where(and(eq(deliveries.subscriptionId, stop.subscriptionId), eq(deliveries.month, stop.month)));
  if (!row || row.kind === 'pickup') return;
  const { date } = await deliveryDateOf(tx, stop.month);
  // The link works to the end of the delivery day in the studio (or of today, for a stop sent out late).
  const today = studioDate(context.now);
  const lastDay = date > today ? date : today;
  const token = randomBytes(16).toString('base64url');
  const [created] = await tx
    .insert(stopTracking)
    .values({ ...stop, tokenHash: trackTokenHash(token), expiresAt: studioMidnight(addDays(lastDay, 1)) })
    .onConflictDoNothing({ target: [stopTracking.subscriptionId, stopTracking.month] })
    .returning({ subscriptionId: stopTracking.subscriptionId });
  if (!created) return;
  const [driver] = row.assigneeId ? await tx.select().from(users).where(eq(users.id, row.assigneeId)) : [];
  const facts = {
    day: formatDeliveryDate(date),
    driverFirstName: driver ? displayFirstName(driver) : null,
    trackUrl: trackUrl(context.site, token),
    until: `the end of ${formatDeliveryDate(lastDay)}`,
  };
  await queueEmail(tx, 'on-the-way', onTheWayEmail(row.subscription, context.site, facts), { subscriptionId: stop.subscriptionId });
  await queueOnTheWayText(tx, { ...stop, link: facts.trackUrl }, context);
}
