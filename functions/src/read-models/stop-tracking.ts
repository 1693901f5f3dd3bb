import { createHash } from 'node:crypto';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { displayFirstName } from '@blooms/shared/contract/roles';
import { DEFAULT_MINUTES_PER_STOP, TRACK_LINK_EXPIRED, type TrackedStop } from '@blooms/shared/contract/tracking';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { Db } from '../db/database';
import { deliveries, deliveryEvents, stopTracking, users } from '../db/schema';
import { NotFoundError } from '../domain/errors';
import type { Point } from '../domain/route-order';
import type { Geocoder } from '../infrastructure/geocoder';
import { deliveryDateOf } from './delivery-dates';
import { listAssigned } from './month-list';

/** A tracking token as stored: its SHA-256, so a copy of the database opens no tracking page. */
export const trackTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where the route is planned from, for the stops a driver did not put in order themselves. */
export interface RouteContext {
  studio: Point;
  geocoder: Geocoder | null;
}

const MINUTE = 60_000;
const FIVE_MINUTES = 5 * MINUTE;

/** The stop a token opens, while it has not expired; the same refusal for an unknown token and a spent one. */
async function stopOf(db: Db, token: string, now: Date) {
  const [row] = await db
    .select()
    .from(stopTracking)
    .where(eq(stopTracking.tokenHash, trackTokenHash(token)));
  if (!row || row.expiresAt.getTime() <= now.getTime()) throw new NotFoundError(TRACK_LINK_EXPIRED);
  const [delivery] = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.subscriptionId, row.subscriptionId), eq(deliveries.month, row.month)));
  if (!delivery) throw new NotFoundError(TRACK_LINK_EXPIRED);
  return delivery;
}

/** A driver's pace in the month's route so far (the last day): minutes from setting out to the last stop done, per stop done. */
async function minutesPerStop(db: Db, month: MonthKey, stopIds: string[]): Promise<number | null> {
  if (stopIds.length === 0) return null;
  const events = await db
    .select({ at: deliveryEvents.at, kind: deliveryEvents.kind, to: sql<string | null>`${deliveryEvents.detail}->>'to'` })
    .from(deliveryEvents)
    .where(
      and(
        eq(deliveryEvents.month, month),
        inArray(deliveryEvents.subscriptionId, stopIds),
        or(eq(deliveryEvents.kind, 'status'), eq(deliveryEvents.kind, 'proof')),
        gt(deliveryEvents.at, sql`now() - interval '1 day'`),
      ),
    )
    .orderBy(asc(deliveryEvents.id));
  const started = events.find((event) => event.kind === 'status' && event.to === 'out-for-delivery')?.at;
  const done = events.filter((event) => event.kind === 'proof' || (event.kind === 'status' && event.to === 'delivered'));
  if (!started || done.length === 0) return null;
  const last = done.at(-1)!.at.getTime();
  return Math.min(90, Math.max(3, (last - started.getTime()) / done.length / MINUTE));
}

/** When the driver last marked this stop delivered. */
async function deliveredAt(db: Db, subscriptionId: string, month: MonthKey): Promise<Date | null> {
  const [last] = await db
    .select({ at: deliveryEvents.at })
    .from(deliveryEvents)
    .where(
      and(
        eq(deliveryEvents.subscriptionId, subscriptionId),
        eq(deliveryEvents.month, month),
        or(eq(deliveryEvents.kind, 'proof'), sql`${deliveryEvents.kind} = 'status' and ${deliveryEvents.detail}->>'to' = 'delivered'`),
      ),
    )
    .orderBy(sql`${deliveryEvents.id} desc`)
    .limit(1);
  return last?.at ?? null;
}

/**
 * What the tracking page shows of one stop: its status, how many of the driver's stops still
 * come before it in their route, the driver's first name, an estimated window and, once
 * delivered, when (and whether there is a door photo). Nothing of any other stop.
 */
export async function trackedStop(db: Db, token: string, now: Date, route: RouteContext): Promise<TrackedStop> {
  const delivery = await stopOf(db, token, now);
  const { subscriptionId, month, status, assigneeId } = delivery;
  const { date } = await deliveryDateOf(db, month);
  const [driver] = assigneeId ? await db.select().from(users).where(eq(users.id, assigneeId)) : [];
  const delivered = status === 'delivered';
  let stopsBefore: number | null = null;
  let window: TrackedStop['window'] = null;
  if (!delivered && assigneeId) {
    const stops = await listAssigned(db, month, assigneeId, route.studio, route.geocoder);
    const place = stops.findIndex((stop) => stop.id === subscriptionId);
    stopsBefore = place < 0 ? null : stops.slice(0, place).filter((stop) => stop.delivery.status !== 'delivered').length;
    if (status === 'out-for-delivery' && stopsBefore !== null) {
      const pace = await minutesPerStop(
        db,
        month,
        stops.map((stop) => stop.id),
      );
      const minutes = pace ?? DEFAULT_MINUTES_PER_STOP;
      // A wider window on the usual pace than on the driver's own.
      const slack = pace === null ? 1.5 : 1.25;
      const from = Math.floor((now.getTime() + stopsBefore * minutes * 0.8 * MINUTE) / FIVE_MINUTES) * FIVE_MINUTES;
      const to = Math.ceil((now.getTime() + (stopsBefore + 1) * minutes * slack * MINUTE) / FIVE_MINUTES) * FIVE_MINUTES;
      window = {
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        basis: pace === null ? 'usual' : 'pace',
        minutesPerStop: minutes,
      };
    }
  }
  const at = delivered ? await deliveredAt(db, subscriptionId, month) : null;
  return {
    month,
    date,
    status,
    stopsBefore,
    driverFirstName: driver ? displayFirstName(driver) : null,
    window,
    deliveredAt: at ? at.toISOString() : null,
    hasPhoto: delivered && delivery.proofImageKey !== null,
  };
}

/** The door photo's stored key for a delivered stop the token opens, or a refusal. */
export async function trackedPhotoKey(db: Db, token: string, now: Date): Promise<string> {
  const delivery = await stopOf(db, token, now);
  if (delivery.status !== 'delivered' || !delivery.proofImageKey) throw new NotFoundError('This delivery has no photo.');
  return delivery.proofImageKey;
}
