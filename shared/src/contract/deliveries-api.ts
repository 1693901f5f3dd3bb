import { z } from 'zod';
import { FIRST_YEAR, LAST_YEAR, MONTH_KEY_PATTERN, monthsInRange } from './months';
import { MONTH_STATES, SUBSCRIPTION_STATUSES } from './lifecycle';
import { isIsoDate } from './delivery-dates';
import { DELIVERY_DATE_MESSAGES } from './messages';
import { failedAttemptSchema } from './failed-attempts';
import { AUTO_ASSIGNED, DASHBOARD_SORTS, DELIVERY_STATUSES, MAX_PAGE_SIZE, PAGE_SIZE, SCHEDULED_VIEWS } from './deliveries';
import type { Subscriber } from './subscriber';

export const monthSchema = z
  .string({ error: 'month is required (YYYY-MM).' })
  .regex(MONTH_KEY_PATTERN, `month must be a month as YYYY-MM, from ${FIRST_YEAR}-01 to ${LAST_YEAR}-12.`);
const VIEW_STATUSES = [...DELIVERY_STATUSES, 'not-delivered'] as const;
const subscriptionId = z.uuid({ error: 'subscriptionId must be a subscription id.' });

const dashboardViewShape = {
  q: z.string().max(100, 'q (the search) must be at most 100 characters.').optional(),
  status: z.enum(VIEW_STATUSES, { error: `status must be one of ${VIEW_STATUSES.join(', ')}.` }).optional(),
  assignee: z.string().max(254, 'assignee must be an e-mail address, unassigned or assigned.').optional(),
  scheduled: z.enum(SCHEDULED_VIEWS, { error: `scheduled must be one of ${SCHEDULED_VIEWS.join(', ')}.` }).optional(),
  city: z.string().max(100, 'city must be at most 100 characters.').optional(),
  subscription: z.enum(SUBSCRIPTION_STATUSES, { error: `subscription must be one of ${SUBSCRIPTION_STATUSES.join(', ')}.` }).optional(),
  sort: z.enum(DASHBOARD_SORTS, { error: `sort must be one of ${DASHBOARD_SORTS.join(', ')}.` }).default('newest'),
};

export const monthPageQuerySchema = z.strictObject({
  month: monthSchema,
  limit: z.coerce
    .number({ error: `limit must be a number from 1 to ${MAX_PAGE_SIZE}.` })
    .int(`limit must be a number from 1 to ${MAX_PAGE_SIZE}.`)
    .min(1, `limit must be a number from 1 to ${MAX_PAGE_SIZE}.`)
    .max(MAX_PAGE_SIZE, `limit must be a number from 1 to ${MAX_PAGE_SIZE}.`)
    .default(PAGE_SIZE),
  cursor: z.string().max(400).optional(),
  ...dashboardViewShape,
});

/** The dashboard's filters and sort as query parameters (see DashboardView). */
export const dashboardViewQuerySchema = z.strictObject({ month: monthSchema, ...dashboardViewShape });

export const routeOrderSchema = z.strictObject({
  month: monthSchema,
  subscriptionIds: z
    .array(z.uuid({ error: 'subscriptionIds must be subscription ids.' }), { error: 'subscriptionIds must be a list of subscription ids.' })
    .max(MAX_PAGE_SIZE, `subscriptionIds may hold at most ${MAX_PAGE_SIZE} stops.`),
});

export const statusChangeSchema = z.strictObject({
  subscriptionId,
  month: monthSchema,
  expectedStatus: z
    .string({ error: 'expectedStatus is required: the status you saw.' })
    .min(1, 'expectedStatus is required: the status you saw.')
    .max(40),
});

/** Undoes the caller's own last status change, within REVERT_UNDO_ACCEPTED_SECONDS. */
export const undoRevertSchema = z.strictObject({ subscriptionId, month: monthSchema });

export const assignSchema = z.strictObject({
  month: monthSchema,
  subscriptionIds: z
    .array(subscriptionId, { error: 'subscriptionIds must be a list of subscription ids.' })
    .min(1, 'subscriptionIds must name at least one subscription.')
    .max(1000, 'subscriptionIds can name at most 1000 subscriptions at once.'),
  /** Who gets them; null takes them off whoever has them (unassigned). */
  assigneeEmail: z.string({ error: 'assigneeEmail is required.' }).trim().min(1, 'assigneeEmail is required.').max(254).nullable(),
});

export const proofFieldsSchema = z.strictObject({
  subscriptionId,
  month: monthSchema,
  method: z.enum(['hand', 'door'], { error: "method must be 'hand' or 'door'." }),
});

// Responses: the types of deliveries.ts are theirs, and the server sends exactly them (a field
// no schema names is not sent).

/** The delivery of one subscription in one month; `scheduled` is false for months not chosen. */
export const monthDeliverySchema = z.object({
  subscriptionId: z.string(),
  month: z.string(),
  scheduled: z.boolean(),
  /** Why a month of the plan does not deliver, when the subscriber chose it. */
  heldBy: z.enum(['skipped', 'paused']).nullable(),
  /** What the month is for the subscription (contract/lifecycle.ts): 'delivering' exactly when scheduled. */
  state: z.enum(MONTH_STATES),
  /** The subscription's first delivery day, while the month is before it ('before-first'); null otherwise. */
  firstDelivery: z.string().nullable(),
  /** A pickup-only stop (contract/vases.ts): no flowers, the last vase is collected; its status runs as a delivery's does. */
  pickup: z.boolean(),
  status: z.string(),
  assignedTo: z.string().nullable(),
  assigneeName: z.string().nullable(),
  /** deliveryProofPath (staff-api-routes.ts), when the delivery has a door photo. */
  proofImageUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /**
   * How the month's assignment was made when staff have not yet confirmed it: as the month
   * before ('last-month') or by the driver's territory (contract/territories.ts). Absent from
   * an API of the release before.
   */
  autoAssigned: z.enum(AUTO_ASSIGNED).nullable().optional(),
  /**
   * The month's last failed attempt ("Could not deliver", contract/failed-attempts.ts), while
   * the status stays Out for delivery, and the day staff moved it to. Absent from an API of the
   * release before.
   */
  failedAttempt: failedAttemptSchema.nullable().optional(),
});

/** One subscription as staff see it for one month: the subscriber's fields staff screens show (typed as the subscriber's), and its delivery. */
export const subscriptionRowSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  unit: z.string(),
  city: z.string(),
  state: z.literal('UT'),
  zip: z.string(),
  deliveryNotes: z.string(),
  buyerName: z.string(),
  giftMessage: z.string(),
  createdAt: z.string(),
  /** Where the subscription stands with its payments (contract/lifecycle.ts). */
  lifecycle: z.object({ status: z.enum(SUBSCRIPTION_STATUSES), statusFrom: z.string(), endsAfter: z.string().nullable() }),
  /** Vases out with the subscriber now (contract/vases.ts): 1 from the first delivery until the last one is collected. */
  vasesOut: z.number(),
  delivery: monthDeliverySchema,
  /** A gift of a set number of deliveries, in a month it delivers in: which delivery this is, of how many (contract/gifts.ts). */
  gift: z.object({ delivery: z.number(), of: z.number() }).nullable().optional(),
}) satisfies z.ZodType<Partial<Subscriber>>;

/** One page of the month list, newest first; pass nextCursor back for the next page. */
export const subscriptionPageSchema = z.object({
  rows: z.array(subscriptionRowSchema),
  nextCursor: z.string().nullable(),
  /**
   * How many subscriptions there are in all; for a narrowed view (search, filters, another
   * order) counted only up to MATCH_COUNT_LIMIT + 1, which reads as "more than the limit".
   */
  total: z.number(),
});

/** Someone deliveries can be assigned to, for the bulk-assign dropdown. */
export const staffMemberSchema = z.object({ email: z.string(), name: z.string(), firstName: z.string() });
export type StaffMember = z.output<typeof staffMemberSchema>;

/** At most two years of delivery days in one request. */
export const MAX_DELIVERY_DATE_MONTHS = 24;

export const deliveryDatesQuerySchema = z
  .strictObject({ from: monthSchema, to: monthSchema })
  .refine((range) => range.from <= range.to, { message: 'from must not be after to.', path: ['from'] })
  .refine((range) => monthsInRange(range.from, range.to) <= MAX_DELIVERY_DATE_MONTHS, {
    message: `Ask for at most ${MAX_DELIVERY_DATE_MONTHS} months at once.`,
    path: ['to'],
  });

export const deliveryDateParamsSchema = z.strictObject({ month: monthSchema });

export const deliveryDateChangeSchema = z.strictObject({
  date: z.string({ error: DELIVERY_DATE_MESSAGES.notADate }).refine(isIsoDate, DELIVERY_DATE_MESSAGES.notADate).nullable(),
});

export const monthDeliveryDateSchema = z.object({
  month: z.string(),
  date: z.string(),
  /** True while the month follows DEFAULT_DELIVERY_DAY; false once an admin has moved it. */
  isDefault: z.boolean(),
  lastDayForChanges: z.string(),
});
