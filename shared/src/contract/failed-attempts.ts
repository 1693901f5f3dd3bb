// A delivery attempt that failed ("Could not deliver"), what the subscriber is told happens next,
// and staff moving the stop to another day or driver. The stop's status stays as it is (old
// screens read only the three statuses): the attempt is a field of its own on the delivery.
import { z } from 'zod';
import { addDays, formatDeliveryDate, isIsoDate, type IsoDate } from './delivery-dates';
import { MONTH_KEY_PATTERN } from './months';

export const FAILED_REASONS = ['no-safe-place', 'gate-code', 'wrong-address', 'refused'] as const;
export type FailedReason = (typeof FAILED_REASONS)[number];

/** The reasons as the driver picks them and the subscriber reads them. */
export const FAILED_REASON_LABELS: Record<FailedReason, string> = {
  'no-safe-place': 'No safe place to leave the flowers',
  'gate-code': 'Could not get through the gate (gate code needed)',
  'wrong-address': 'The address could not be found',
  refused: 'The delivery was refused',
};

/** The reasons in a word or two, where room is short (the dashboard's status column). */
export const FAILED_REASON_SHORT: Record<FailedReason, string> = {
  'no-safe-place': 'no safe place',
  'gate-code': 'gate code',
  'wrong-address': 'wrong address',
  refused: 'refused',
};

/** What the studio does after a failed attempt: its choice in the site settings. */
export const FAILED_NEXT_STEPS = ['retry-next-day', 'pickup-at-studio'] as const;
export type FailedNextStep = (typeof FAILED_NEXT_STEPS)[number];
export const FAILED_NEXT_STEP_LABELS: Record<FailedNextStep, string> = {
  'retry-next-day': 'Another try the next day',
  'pickup-at-studio': 'Pick up at the studio',
};
/** How many days after the delivery day a subscriber may pick up at the studio. */
export const PICKUP_DAYS = 3;
/** How many days past the delivery day a stop may be moved to, when that reaches past the month's end. */
export const RESCHEDULE_MAX_DAYS = 7;

export const FAILED_MESSAGES = {
  reason: `reason must be one of ${FAILED_REASONS.join(', ')}.`,
  notOut: 'Only a delivery that is Out for delivery can be marked Could not deliver.',
  notYours: 'Only the driver this delivery is assigned to, or staff on the dashboard, can mark it Could not deliver.',
  noAttempt: 'This delivery has no failed attempt to reschedule.',
  date: 'date must be a day as YYYY-MM-DD.',
  nextStep: `nextStep must be one of ${FAILED_NEXT_STEPS.join(', ')}.`,
} as const;

/** The attempt as a delivery row carries it; absent from an API of the release before. */
export const failedAttemptSchema = z.object({
  reason: z.enum(FAILED_REASONS),
  at: z.string(),
  /** Which attempt of the month this was: 1, then 2 after a reschedule, ... */
  attempt: z.number(),
  /** The photo the driver took, as a link staff open (a door photo's route). */
  photoUrl: z.string().nullable(),
  /** Once staff moved the stop: the new day (YYYY-MM-DD). */
  rescheduledTo: z.string().nullable(),
});
export type FailedAttempt = z.output<typeof failedAttemptSchema>;

/** An attempt still waiting for staff: marked and not yet moved to another day. */
export const isOpenAttempt = (attempt: FailedAttempt | null | undefined, status: string) =>
  !!attempt && attempt.rescheduledTo === null && status === 'out-for-delivery';

const subscriptionId = z.uuid({ error: 'subscriptionId must be a subscription id.' });
const month = z.string({ error: 'month is required (YYYY-MM).' }).regex(MONTH_KEY_PATTERN, 'month must be a month as YYYY-MM.');

/** The driver's or staff's mark (multipart fields; a photo may come with them). */
export const markFailedSchema = z.strictObject({
  subscriptionId,
  month,
  reason: z.enum(FAILED_REASONS, { error: FAILED_MESSAGES.reason }),
});

/** The last day a stop of this delivery day may be moved to: the month's end, or a week on when that is later. */
export function lastRescheduleDay(deliveryDate: IsoDate): IsoDate {
  const [y, m] = deliveryDate.split('-').map(Number) as [number, number];
  const monthEnd = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const weekOn = addDays(deliveryDate, RESCHEDULE_MAX_DAYS);
  return monthEnd > weekOn ? monthEnd : weekOn;
}

/** Why a new day is refused for a stop of this delivery day, or null when it is fine. */
export function rescheduleDateProblem(deliveryDate: IsoDate, date: string): string | null {
  if (!isIsoDate(date)) return FAILED_MESSAGES.date;
  if (date <= deliveryDate) return `Choose a day after the delivery day (${formatDeliveryDate(deliveryDate)}).`;
  const last = lastRescheduleDay(deliveryDate);
  if (date > last) return `Choose a day no later than ${formatDeliveryDate(last)}.`;
  return null;
}

export const rescheduleSchema = z.strictObject({
  subscriptionId,
  month,
  date: z.string({ error: FAILED_MESSAGES.date }).refine(isIsoDate, FAILED_MESSAGES.date),
  /** Another driver (their e-mail); absent keeps the one it has. */
  assigneeEmail: z.string().trim().min(1).max(254).optional(),
});

const failedDeliveryPolicyShape = { nextStep: z.enum(FAILED_NEXT_STEPS, { error: FAILED_MESSAGES.nextStep }) };
/** The setting as admins send it: nothing it does not name. */
export const failedDeliveryPolicySchema = z.strictObject(failedDeliveryPolicyShape);
/** The setting as the server answers it: a later server may add to it. */
export const failedDeliveryPolicyReplySchema = z.object(failedDeliveryPolicyShape);
export type FailedDeliveryPolicy = z.output<typeof failedDeliveryPolicySchema>;
export const DEFAULT_FAILED_POLICY: FailedDeliveryPolicy = { nextStep: 'retry-next-day' };

/** What happens next, as the subscriber's e-mail says it. */
export function nextStepText(policy: FailedDeliveryPolicy, deliveryDate: IsoDate, studioAddress: string): string {
  if (policy.nextStep === 'retry-next-day')
    return `We will try again the next day, ${formatDeliveryDate(addDays(deliveryDate, 1))}. If something needs to change (a gate code, a safe place), reply to this e-mail.`;
  return `Your flowers are waiting at the studio, ${studioAddress}: pick them up by ${formatDeliveryDate(addDays(deliveryDate, PICKUP_DAYS))}.`;
}
