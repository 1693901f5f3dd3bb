import { and, eq, sql } from 'drizzle-orm';
import { type AccountMonth } from '@blooms/shared/contract/account';
import { formatDeliveryDate, studioDate, type MonthDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { ACCOUNT_MESSAGES, ACCOUNT_MONTHS_AHEAD } from '@blooms/shared/contract/messages';
import { addMonths, formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import type { AddressChange } from '@blooms/shared/contract/account-api';
import { type Db } from '../../db/database';
import { subscriptionEvents, subscriptions, type SubscriptionDbRow } from '../../db/schema';
import { accountChangeEmail, type MailSite } from '../../mail/account-change-email';
import { announce } from '../../infrastructure/change-feed';
import { queueEmail } from '../../infrastructure/email-outbox';
import { deliveryDatesBetween } from '../../read-models/delivery-dates';
import { InvalidInputError, NotFoundError } from '../../domain/errors';
import { carryPayments } from '../payment-ledger';
import { paidMonthsOf } from '../../read-models/ledger';
import { describeMonth, heldBy } from '../../read-models/account';
import { endAfterChange } from '../gifts';
import { formatCents } from '@blooms/shared/contract/gifts';
import type { PaymentProvider } from '../../payments/provider';

/** A subscription of this subscriber, locked for the change; another person's is "not found". */
export async function lockOwn(tx: Db, email: string, subscriptionId: string): Promise<SubscriptionDbRow> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), heldBy(email)))
    .for('update');
  if (!row) throw new NotFoundError(ACCOUNT_MESSAGES.notYours);
  if (row.status === 'cancelled') throw new InvalidInputError(ACCOUNT_MESSAGES.cancelled);
  if (row.status === 'complete') throw new InvalidInputError(ACCOUNT_MESSAGES.giftComplete);
  return row;
}

/** The month as the account shows it, or a clear refusal when it cannot be changed now. */
export async function changeableMonth(tx: Db, row: SubscriptionDbRow, month: MonthKey, now: Date): Promise<AccountMonth> {
  const thisMonth = studioDate(now).slice(0, 7);
  const name = formatMonth(month);
  if (month > addMonths(thisMonth, ACCOUNT_MONTHS_AHEAD)) throw new InvalidInputError(ACCOUNT_MESSAGES.tooFarAhead(name));
  const [day] = await deliveryDatesBetween(tx, month, month);
  const paidMonths = await paidMonthsOf(tx, row.id);
  const described = describeMonth(row, day!, paidMonths, now);
  if (day!.date < studioDate(now)) throw new InvalidInputError(ACCOUNT_MESSAGES.alreadyDelivered(name));
  if (described.state === 'not-in-plan') throw new InvalidInputError(ACCOUNT_MESSAGES.notInPlan(name));
  if (!described.changeable) throw lockedMonth(described);
  return described;
}

/** A month whose last day for changes is over. */
export function lockedMonth(day: Pick<MonthDeliveryDate, 'month' | 'lastDayForChanges'>): InvalidInputError {
  return new InvalidInputError(ACCOUNT_MESSAGES.tooLate(formatMonth(day.month), formatDeliveryDate(day.lastDayForChanges)));
}

export interface Change {
  kind: 'skip' | 'unskip' | 'pause' | 'resume' | 'cancel' | 'months' | 'address';
  set: Partial<
    Pick<
      SubscriptionDbRow,
      'skippedMonths' | 'pausedFrom' | 'pausedUntil' | 'status' | 'statusFrom' | 'endsAfter' | 'months' | keyof AddressChange
    >
  >;
  detail: Record<string, unknown>;
  /** The e-mail's subject and what it says happened. */
  email: { subject: string; lines: string[] };
}

/** Writes a subscriber's change with its history entry and e-mail, carries any payment on, and tells staff screens. */
export async function apply(tx: Db, row: SubscriptionDbRow, email: string, site: MailSite, now: Date, change: Change): Promise<void> {
  // A gift of a set number of deliveries: a month skipped, paused or dropped moves its end.
  const endsAfter = endAfterChange({ ...row, ...change.set });
  const set = endsAfter === row.endsAfter ? change.set : { ...change.set, endsAfter };
  await tx
    .update(subscriptions)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, row.id));
  const moved = await carryPayments(tx, { ...row, ...set }, now, { kind: 'subscriber', id: email });
  const detail = moved.length > 0 ? { ...change.detail, paymentsMoved: moved.map(({ from, to }) => ({ from, to })) } : change.detail;
  await tx.insert(subscriptionEvents).values({ subscriptionId: row.id, actorKind: 'subscriber', actor: email, kind: change.kind, detail });
  const carried = moved.map(
    ({ from, to, amountCents }) => `The ${formatCents(amountCents)} paid for ${formatMonth(from)} now pays for ${formatMonth(to)}.`,
  );
  if (endsAfter !== row.endsAfter && endsAfter && change.kind !== 'cancel')
    carried.push(`The last delivery of your gift is now in ${formatMonth(endsAfter)}.`);
  await queueEmail(
    tx,
    `account-${change.kind}`,
    accountChangeEmail(row, site, { ...change.email, lines: [...change.email.lines, ...carried] }),
    { subscriptionId: row.id },
  );
  await announce(tx, { type: 'subscription-changed', subscriptionId: row.id });
}

export interface AccountChangeContext {
  db: Db;
  site: MailSite;
  now?: Date;
  /** Gives back a cancelled prepaid gift's deliveries not made; without it such a cancel is refused. */
  refunds?: Pick<PaymentProvider, 'refund'>;
}
