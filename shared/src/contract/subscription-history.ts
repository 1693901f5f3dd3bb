import { z } from 'zod';
import { statusLabel } from './deliveries';
import { SUBSCRIPTION_STATUS_LABELS, type SubscriptionStatus } from './lifecycle';
import { formatMonth, monthList, type MonthKey } from './months';
import { SUBSCRIPTION_HISTORY_PATH } from './routes';
import { personName, personWithEmail } from './people';
import { formatPrice } from './site';
import { deliveriesText, formatCents } from './gifts';
import { deliveryDayMessageSchema, textConsentEventSchema, textStateSchema } from './texts-api';
import { FAILED_REASON_LABELS, type FailedReason } from './failed-attempts';
import { formatDeliveryDate } from './delivery-dates';

/**
 * A subscription's history for admins: everything that happened to it, newest first, read
 * from the tables that record it (the subscription, its changes, payments and declined
 * charges, its deliveries' changes, the e-mails it was sent). The admin screen is
 * SUBSCRIPTION_HISTORY_PATH?id=<subscription id>, reached from the dashboard.
 */
export const historyPageUrl = (subscriptionId: string) => `${SUBSCRIPTION_HISTORY_PATH}?id=${encodeURIComponent(subscriptionId)}`;

/**
 * Who did it: the subscriber (or a gift's buyer) from their account, a staff member, or the
 * payment provider. A staff member comes with their e-mail, shown beside the name: names are
 * theirs to choose, the e-mail is who signed in.
 */
export const historyActorSchema = z.object({
  kind: z.enum(['subscriber', 'staff', 'provider']),
  name: z.string(),
  email: z.string().optional(),
});
export type HistoryActor = z.infer<typeof historyActorSchema>;

const at = z.string();
const month = z.string();
const detail = z.record(z.string(), z.unknown());

export const historyEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('subscribed'),
    at,
    by: historyActorSchema,
    plan: z.enum(['yearly', 'custom']),
    /** A gift, named in planLabel's words: "Gift: 3 deliveries, paid up front ($297)". */
    label: z.string().optional(),
    months: z.array(z.number()),
    giftFrom: z.string().nullable(),
  }),
  /** A change to the subscription: subscription_events' kind (skip, pause, cancel, status, ...) and detail. */
  z.object({ kind: z.literal('change'), at, by: historyActorSchema, change: z.string(), detail }),
  /** One payment: month is the first it paid for; months, each month it paid for (a prepaid gift's checkout pays several). */
  z.object({ kind: z.literal('payment'), at, month, amountCents: z.number(), atCheckout: z.boolean(), months: z.array(month).optional() }),
  z.object({ kind: z.literal('charge-declined'), at, month, attempt: z.number(), reason: z.string() }),
  /** Money given back to the card for a month, with why, and whether the month is still delivered. */
  z.object({
    kind: z.literal('refund'),
    at,
    month,
    by: historyActorSchema,
    amountCents: z.number(),
    reason: z.string(),
    delivery: z.enum(['kept', 'dropped']),
  }),
  /**
   * A change to a month's delivery: delivery_events' kind (status, assign, proof) and detail;
   * photoUrl when it left a door photo. An assignment names the assignee (detail.to is their
   * e-mail) as the staff list has them; a server of an earlier release sends no assignee.
   */
  z.object({
    kind: z.literal('delivery'),
    at,
    month,
    by: historyActorSchema,
    change: z.enum(['status', 'assign', 'proof']),
    detail,
    photoUrl: z.string().nullable(),
    assignee: z.object({ name: z.string(), email: z.string() }).optional(),
  }),
  z.object({
    kind: z.literal('email'),
    at,
    subject: z.string(),
    state: z.enum(['sent', 'waiting', 'given-up']),
    sentAt: z.string().nullable(),
    attempts: z.number(),
  }),
]);
export type HistoryEvent = z.infer<typeof historyEventSchema>;

export const subscriptionHistorySchema = z.object({
  subscription: z.object({ id: z.string(), name: z.string(), email: z.string(), status: z.string(), createdAt: z.string() }),
  events: z.array(historyEventSchema),
  /** The months holding money paid for them, and how much: what an admin may refund. */
  refundable: z.array(z.object({ month, heldCents: z.number() })),
  /** The delivery-day e-mails and texts, newest first, each with its status; absent from a server without texts. */
  deliveryDayMessages: z.array(deliveryDayMessageSchema).optional(),
  /** Delivery-day texts as they stand now, and each consent given or withdrawn (newest first). */
  texts: textStateSchema.optional(),
  textConsents: z.array(textConsentEventSchema).optional(),
});
export type SubscriptionHistory = z.infer<typeof subscriptionHistorySchema>;

const monthOf = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}$/.test(value) ? formatMonth(value as MonthKey) : String(value);
const statusOf = (value: unknown) => SUBSCRIPTION_STATUS_LABELS[value as SubscriptionStatus] ?? String(value);

/** The delivery details a subscriber may change from their account (account.ts AddressChange), as people say them. */
const FIELD_WORDS: Record<string, string> = { address: 'address', unit: 'unit', city: 'city', zip: 'ZIP', deliveryNotes: 'delivery notes' };

/** A subscription change in words. */
function describeChange(change: string, detail: Record<string, unknown>): string {
  const from = detail.from as Record<string, unknown> | undefined;
  const to = detail.to as Record<string, unknown> | undefined;
  switch (change) {
    case 'skip':
      return `Skipped ${monthOf(detail.month)}`;
    case 'unskip':
      return `Brought back ${monthOf(detail.month)}`;
    case 'pause':
      return `Paused ${monthOf(detail.from)} to ${monthOf(detail.until)}`;
    case 'resume':
      return detail.keptUntil ? `Shortened the pause: it now ends after ${monthOf(detail.keptUntil)}` : 'Resumed';
    case 'months':
      return `Changed the months from ${monthList(detail.from as number[])} to ${monthList(detail.to as number[])}`;
    case 'address':
      return `Changed the delivery details (${(detail.changed as string[]).map((field) => FIELD_WORDS[field] ?? field).join(', ')})`;
    case 'cancel': {
      const refund = detail.refund as { amountCents: number } | undefined;
      const refunded = refund ? `; ${formatPrice(refund.amountCents / 100)} refunded for the deliveries not made` : '';
      return `Cancelled: the last delivery is ${monthOf(detail.endsAfter)}${refunded}`;
    }
    case 'card-link':
      return detail.status === 'needs-authentication'
        ? `Sent the payment confirmation link again${detail.to ? ` to ${String(detail.to)}` : ''}`
        : `Sent the card-update link again${detail.to ? ` to ${String(detail.to)}` : ''}`;
    case 'delivery-failed':
      return `${monthOf(detail.month)} delivery: could not deliver (${FAILED_REASON_LABELS[detail.reason as FailedReason]?.toLowerCase() ?? String(detail.reason)})${detail.photo ? ', with a photo' : ''}; the subscriber was e-mailed`;
    case 'delivery-rescheduled':
      return `${monthOf(detail.month)} delivery: moved to ${formatDeliveryDate(String(detail.date))}${detail.to ? `, for ${String(detail.to)}` : ''}`;
    case 'gift-complete':
      return `Gift complete: its last delivery was ${monthOf(detail.lastMonth)}`;
    case 'dispute': {
      const amount = formatPrice(Number(detail.amountCents) / 100);
      if (detail.outcome === 'open')
        return `A ${amount} charge was disputed with the bank${to?.status === 'disputed' ? ': deliveries held' : ''}`;
      if (detail.outcome === 'won')
        return `Dispute won: the ${amount} charge stands${to?.status !== from?.status ? ', deliveries released' : ''}`;
      return `Dispute lost: the ${amount} charge went back to the payer${to?.status === 'disputed' ? '; deliveries stay held' : ''}`;
    }
    case 'status':
      return to?.endsAfter && to.endsAfter !== from?.endsAfter
        ? `Last delivery moved to ${monthOf(to.endsAfter)} (a charge was declined)`
        : `Status: ${statusOf(from?.status)} to ${statusOf(to?.status)}`;
    default:
      return change;
  }
}

/** A delivery change in words. */
function describeDelivery(
  change: 'status' | 'assign' | 'proof',
  detail: Record<string, unknown>,
  assignee: { name: string; email: string } | undefined,
): string {
  if (change === 'assign') return detail.to ? `Assigned to ${personName(assignee ?? { email: String(detail.to) })}` : 'Unassigned';
  if (change === 'proof')
    return detail.method === 'door' ? `Delivered: left at the door${detail.photo ? ', with a photo' : ''}` : 'Delivered: hand-delivered';
  const words = `${statusLabel(String(detail.from))} to ${statusLabel(String(detail.to))}`;
  if (detail.undo) return `${words} (undone reset${detail.restoredPhoto ? ', photo back' : ''})`;
  return detail.archivedPhoto ? `${words} (its door photo taken off)` : words;
}

/** Who did it, as the history says it: a staff member's name with their e-mail beside it (personWithEmail). */
export function actorText(by: HistoryActor): string {
  return by.email ? personWithEmail({ name: by.name, email: by.email }) : by.name;
}

/** What an event says on the history screen: a headline, a line under it, and who did it. */
export function describeHistoryEvent(event: HistoryEvent): { title: string; detail: string | null; by: HistoryActor | null } {
  switch (event.kind) {
    case 'subscribed':
      return {
        title: event.label
          ? `Subscribed: ${event.label}`
          : event.plan === 'yearly'
            ? 'Subscribed to the Yearly plan'
            : 'Subscribed to a Custom plan',
        detail: `${event.plan === 'yearly' ? 'Every month' : monthList(event.months)}${event.giftFrom ? `; a gift from ${event.giftFrom}` : ''}`,
        by: event.by,
      };
    case 'change': {
      const moved = (event.detail.paymentsMoved as { from: string; to: string }[] | undefined) ?? [];
      return {
        title: describeChange(event.change, event.detail),
        detail: moved.map((move) => `The payment for ${monthOf(move.from)} now pays for ${monthOf(move.to)}.`).join(' ') || null,
        by: event.by,
      };
    }
    case 'payment': {
      const months = event.months ?? [event.month];
      const how = event.atCheckout ? 'At checkout' : 'Charged to the saved card';
      return months.length > 1
        ? {
            title: `Paid ${formatCents(event.amountCents)} for ${deliveriesText(months.length)}`,
            detail: `${how}, one payment for ${months.map(monthOf).join(', ')}`,
            by: null,
          }
        : { title: `Paid ${formatPrice(event.amountCents / 100)} for ${monthOf(event.month)}`, detail: how, by: null };
    }
    case 'refund':
      return {
        title: `Refunded ${formatCents(event.amountCents)} for ${monthOf(event.month)}`,
        detail: `${event.reason}${event.reason.endsWith('.') ? '' : '.'} ${event.delivery === 'kept' ? 'The month is still delivered.' : 'The month is not delivered.'}`,
        by: event.by,
      };
    case 'charge-declined':
      return {
        title: `Charge for ${monthOf(event.month)} declined`,
        detail: `Try ${event.attempt}${event.reason ? `: ${event.reason}` : ''}`,
        by: null,
      };
    case 'delivery':
      return {
        title: `${monthOf(event.month)} delivery: ${describeDelivery(event.change, event.detail, event.assignee)}`,
        detail: null,
        by: event.by,
      };
    case 'email':
      return {
        title: `E-mail: ${event.subject}`,
        detail:
          event.state === 'sent'
            ? 'Sent'
            : event.state === 'waiting'
              ? `Not sent yet (${event.attempts} ${event.attempts === 1 ? 'try' : 'tries'} so far)`
              : `Given up after ${event.attempts} tries`,
        by: null,
      };
  }
}
