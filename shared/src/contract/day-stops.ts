// The day's stops with where they are: for the map and for assigning by area.
import { z } from 'zod';
import { monthSchema } from './deliveries-api';
import { DELIVERY_STATUSES } from './deliveries';

export const dayStopsQuerySchema = z.strictObject({
  month: monthSchema,
  /** 'me': only the caller's own stops (My Deliveries). */
  assignee: z.enum(['me'], { error: "assignee can only be 'me'." }).optional(),
});

/**
 * A stop of the day and its place: the geocoded address when a geocoding key is configured
 * (`exact`), else its ZIP's centre; no place (null) for a ZIP outside the delivery area's list.
 */
export const dayStopSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  zip: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** A pickup-only stop (contract/vases.ts): the vase collected, no flowers; 'delivered' is the vase back. */
  pickup: z.boolean(),
  assignedTo: z.string().nullable(),
  assigneeName: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  exact: z.boolean(),
});
export type DayStop = z.output<typeof dayStopSchema>;

const email = z.string({ error: 'driver must be an e-mail address.' }).trim().min(1, 'driver must be an e-mail address.').max(254);

/** The split as it was previewed; the server applies it only if the day's unassigned stops still split that way. */
export const assignByAreaSchema = z.strictObject({
  month: monthSchema,
  split: z
    .array(
      z.strictObject({
        driver: email,
        subscriptionIds: z.array(z.uuid({ error: 'subscriptionIds must be subscription ids.' })).max(1000),
      }),
      { error: 'split must be a list of drivers and their stops.' },
    )
    .min(1, 'Choose at least one driver.')
    .max(50, 'Choose at most 50 drivers.'),
});
export type AssignByArea = z.output<typeof assignByAreaSchema>;

/** The stops "Assign by area" hands out: the month's stops nobody has yet (as the day summary's Unassigned). */
export const isUnassigned = (stop: Pick<DayStop, 'assignedTo'>) => stop.assignedTo === null;
