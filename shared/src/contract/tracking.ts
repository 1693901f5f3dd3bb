// A stop's tracking page on its delivery day (subscribe-remote /track?t=..., GET /api/track/:token):
// what the subscriber may see of their own stop, and nothing of anyone else's.
import { z } from 'zod';
import { DELIVERY_STATUSES } from './deliveries';
import { monthSchema } from './deliveries-api';
import { STUDIO_TIME_ZONE } from './delivery-dates';

/** The page the "on the way" e-mail links to, with the token as `t`. */
export const TRACK_PATH = '/track';
/** A tracking token: 128 random bits, base64url (22 characters). */
export const TRACK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** One answer for an unknown token and a spent one, so a guess learns nothing. */
export const TRACK_LINK_EXPIRED = 'This tracking link has expired or is not valid. Tracking links work until the end of the delivery day.';

/** The pace assumed before the driver has finished a stop today, in minutes a stop. */
export const DEFAULT_MINUTES_PER_STOP = 20;

export const trackParamsSchema = z.strictObject({
  token: z.string().regex(TRACK_TOKEN_PATTERN, { error: 'That is not a tracking link.' }),
});

export const trackedStopSchema = z.object({
  month: monthSchema,
  /** The delivery day, YYYY-MM-DD in the studio. */
  date: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** The driver's stops still to be delivered before this one, in their saved route order; null once delivered. */
  stopsBefore: z.number().int().nullable(),
  driverFirstName: z.string().nullable(),
  /**
   * The estimated arrival, from the route order and the driver's pace today (basis 'pace'), or a
   * usual pace before any stop is done ('usual'). Null when not out yet or delivered.
   */
  window: z.object({ from: z.string(), to: z.string(), basis: z.enum(['pace', 'usual']), minutesPerStop: z.number() }).nullable(),
  /** When it was delivered (ISO instant), once delivered. */
  deliveredAt: z.string().nullable(),
  /** Whether there is a door photo, served at GET /api/track/:token/photo. */
  hasPhoto: z.boolean(),
});
export type TrackedStop = z.infer<typeof trackedStopSchema>;

const CLOCK_TIME = new Intl.DateTimeFormat('en-US', { timeZone: STUDIO_TIME_ZONE, hour: 'numeric', minute: '2-digit' });

/** 10:15 AM in the studio's time. */
export function studioTime(iso: string): string {
  return CLOCK_TIME.format(new Date(iso));
}

/** What the page says about when: honest about being an estimate, and promising nothing before a stop is done. */
export function windowSentence(window: NonNullable<TrackedStop['window']>): string {
  const range = `between ${studioTime(window.from)} and ${studioTime(window.to)}`;
  return window.basis === 'pace'
    ? `Estimated arrival ${range}. This is an estimate from your driver's pace so far today (about ${Math.round(window.minutesPerStop)} minutes a stop) and can change.`
    : `Likely ${range}, if the route goes at a usual pace. Your driver has not finished a stop yet today, so this is only a rough guide, not a promise.`;
}

/** "2 stops before yours", "Your stop is next". */
export function stopsBeforeSentence(count: number): string {
  if (count === 0) return 'Your stop is next.';
  return `${count} ${count === 1 ? 'stop' : 'stops'} before yours.`;
}
