import { and, eq, sql } from 'drizzle-orm';
import { chargeDateFor, MAX_PAUSE_MONTHS, type AccountMonth } from '@blooms/shared/contract/account';
import { changesAllowed, formatDeliveryDate, studioDate, type MonthDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { ACCOUNT_MESSAGES, ACCOUNT_MONTHS_AHEAD } from '@blooms/shared/contract/messages';
import { ALL_MONTH_NUMBERS, addMonths, formatMonth, monthList, type MonthKey } from '@blooms/shared/contract/months';
import type { AddressChange, CancelRequest, InsteadOfCancelling } from '@blooms/shared/contract/account-api';
import { recordCancellationReason } from '../cancellation-reasons';
import { MONEY_RULE } from '@blooms/shared/contract/site';
import { deliverToLine } from '@blooms/shared/contract/order';
import { inTransaction, type Db } from '../../db/database';
import { subscriptionEvents, subscriptions, type SubscriptionDbRow } from '../../db/schema';
import { accountChangeEmail, type MailSite } from '../../mail/account-change-email';
import { announce } from '../../infrastructure/change-feed';
import { queueEmail } from '../../infrastructure/email-outbox';
import { deliveryDatesBetween } from '../../read-models/delivery-dates';
import { InvalidInputError, NotFoundError } from '../../domain/errors';
import { carryPayments } from '../payment-ledger';
import { paidMonthsOf } from '../../read-models/ledger';
import { describeMonth, heldBy, lastDeliveryKept } from './view';
import { endAfterChange, refundLine } from '../gifts';
import { refundUndeliveredMonths, type CancelRefund } from '../cancel-refunds';
import { formatCents, isPrepaidGift } from '@blooms/shared/contract/gifts';
import type { PaymentProvider } from '../../payments/provider';

/** A subscription of this subscriber, locked for the change; another person's is "not found". */
async function lockOwn(tx: Db, email: string, subscriptionId: string): Promise<SubscriptionDbRow> {
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
async function changeableMonth(tx: Db, row: SubscriptionDbRow, month: MonthKey, now: Date): Promise<AccountMonth> {
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
function lockedMonth(day: Pick<MonthDeliveryDate, 'month' | 'lastDayForChanges'>): InvalidInputError {
  return new InvalidInputError(ACCOUNT_MESSAGES.tooLate(formatMonth(day.month), formatDeliveryDate(day.lastDayForChanges)));
}

interface Change {
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
async function apply(tx: Db, row: SubscriptionDbRow, email: string, site: MailSite, change: Change, now: Date): Promise<void> {
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

/** Skips one month of the plan, up to its last day for changes. Skipping a skipped month changes nothing. */
export async function skipMonth(
  { db, site, now = new Date() }: AccountChangeContext,
  email: string,
  subscriptionId: string,
  month: MonthKey,
  { insteadOf }: InsteadOfCancelling = {},
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockOwn(tx, email, subscriptionId);
    const described = await changeableMonth(tx, row, month, now);
    if (described.state === 'skipped') return;
    const when = formatDeliveryDate(described.date, { withYear: true });
    await apply(
      tx,
      row,
      email,
      site,
      {
        kind: 'skip',
        set: { skippedMonths: [...row.skippedMonths, month].sort() },
        detail: insteadOf ? { month, insteadOf } : { month },
        email: {
          subject: `${formatMonth(month)} is skipped`,
          lines: [`You skipped ${formatMonth(month)}: there is no delivery on ${when}, and nothing is charged for it.`],
        },
      },
      now,
    );
  });
}

/** Brings a skipped month back, while it may still be changed. */
export async function unskipMonth(
  { db, site, now = new Date() }: AccountChangeContext,
  email: string,
  subscriptionId: string,
  month: MonthKey,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockOwn(tx, email, subscriptionId);
    if (!row.skippedMonths.includes(month)) throw new InvalidInputError(ACCOUNT_MESSAGES.notSkipped(formatMonth(month)));
    const described = await changeableMonth(tx, row, month, now);
    await apply(
      tx,
      row,
      email,
      site,
      {
        kind: 'unskip',
        set: { skippedMonths: row.skippedMonths.filter((m) => m !== month) },
        detail: { month },
        email: {
          subject: `${formatMonth(month)} is back on`,
          lines: [
            `${formatMonth(month)} is back on: flowers on ${formatDeliveryDate(described.date, { withYear: true })}, charged on ${formatDeliveryDate(chargeDateFor(described.date), { withYear: true })}.`,
          ],
        },
      },
      now,
    );
  });
}

/** Pauses deliveries for 1-3 months from a month that may still be changed; a new pause replaces the old one. */
export async function pauseDeliveries(
  { db, site, now = new Date() }: AccountChangeContext,
  email: string,
  subscriptionId: string,
  from: MonthKey,
  months: number,
  { insteadOf }: InsteadOfCancelling = {},
): Promise<void> {
  if (!Number.isInteger(months) || months < 1 || months > MAX_PAUSE_MONTHS) throw new InvalidInputError(ACCOUNT_MESSAGES.pauseLength);
  await inTransaction(db, async (tx) => {
    const row = await lockOwn(tx, email, subscriptionId);
    const thisMonth = studioDate(now).slice(0, 7);
    const name = formatMonth(from);
    if (from > addMonths(thisMonth, ACCOUNT_MONTHS_AHEAD)) throw new InvalidInputError(ACCOUNT_MESSAGES.tooFarAhead(name));
    const [day] = await deliveryDatesBetween(tx, from, from);
    if (day!.date < studioDate(now)) throw new InvalidInputError(ACCOUNT_MESSAGES.alreadyDelivered(name));
    if (!changesAllowed(day!.date, now)) throw lockedMonth(day!);
    const until = addMonths(from, months - 1);
    await apply(
      tx,
      row,
      email,
      site,
      {
        kind: 'pause',
        set: { pausedFrom: from, pausedUntil: until },
        detail: insteadOf ? { from, until, insteadOf } : { from, until },
        email: {
          subject: 'Your deliveries are paused',
          lines: [
            months === 1 ? `You paused ${formatMonth(from)}.` : `You paused ${formatMonth(from)} to ${formatMonth(until)}.`,
            'Nothing is delivered or charged in those months; deliveries start again by themselves after them.',
          ],
        },
      },
      now,
    );
  });
}

/** Ends a pause: months of it that may still be changed deliver again; those already too close stay paused. */
export async function resumeDeliveries(
  { db, site, now = new Date() }: AccountChangeContext,
  email: string,
  subscriptionId: string,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockOwn(tx, email, subscriptionId);
    if (!row.pausedFrom || !row.pausedUntil || row.pausedUntil < studioDate(now).slice(0, 7))
      throw new InvalidInputError(ACCOUNT_MESSAGES.notPaused);
    const days = await deliveryDatesBetween(tx, row.pausedFrom, row.pausedUntil);
    const fixed = days.filter((day) => !changesAllowed(day.date, now)).map((day) => day.month);
    const keptUntil = fixed.at(-1) ?? null;
    await apply(
      tx,
      row,
      email,
      site,
      {
        kind: 'resume',
        set: keptUntil ? { pausedUntil: keptUntil } : { pausedFrom: null, pausedUntil: null },
        detail: { from: row.pausedFrom, until: row.pausedUntil, keptUntil },
        email: {
          subject: 'Your deliveries are back on',
          lines: [
            keptUntil
              ? `Your deliveries are back on after ${formatMonth(keptUntil)}, which was too close to change.`
              : 'Your deliveries are back on, as your plan says.',
          ],
        },
      },
      now,
    );
  });
}

/**
 * Sets a Custom plan's months. Each month added or dropped changes its next delivery, so that
 * delivery must still be open to changes (not inside its notice); else nothing changes. A paid
 * month dropped hands its payment on (carryPayments).
 */
export async function changeMonths(
  { db, site, now = new Date() }: AccountChangeContext,
  email: string,
  subscriptionId: string,
  months: number[],
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockOwn(tx, email, subscriptionId);
    if (row.plan !== 'custom') throw new InvalidInputError(ACCOUNT_MESSAGES.yearlyMonths);
    const changed = ALL_MONTH_NUMBERS.filter((month) => row.months.includes(month) !== months.includes(month));
    if (changed.length === 0) return;
    const today = studioDate(now);
    const thisMonth = today.slice(0, 7);
    const coming = (await deliveryDatesBetween(tx, thisMonth, addMonths(thisMonth, ACCOUNT_MONTHS_AHEAD))).filter(
      (day) => day.date >= today,
    );
    for (const number of changed) {
      const next = coming.find((day) => Number(day.month.slice(5, 7)) === number)!;
      if (!changesAllowed(next.date, now)) throw lockedMonth(next);
    }
    await apply(
      tx,
      row,
      email,
      site,
      {
        kind: 'months',
        set: { months },
        detail: { from: row.months, to: months },
        email: {
          subject: 'Your delivery months are changed',
          lines: [
            `Your flowers now come in ${monthList(months)}: ${months.length} ${months.length === 1 ? 'delivery' : 'deliveries'} a year.`,
            MONEY_RULE,
          ],
        },
      },
      now,
    );
  });
}

/** Changes where the flowers go, under the rules of subscribing; staff screens show the new address at once. */
export async function changeAddress(
  { db, site, now = new Date() }: AccountChangeContext,
  email: string,
  subscriptionId: string,
  address: AddressChange,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockOwn(tx, email, subscriptionId);
    const fields = Object.keys(address) as (keyof AddressChange)[];
    const changed = fields.filter((field) => row[field] !== address[field]);
    if (changed.length === 0) return;
    await apply(
      tx,
      row,
      email,
      site,
      {
        kind: 'address',
        set: address,
        detail: { changed },
        email: {
          subject: 'Your delivery address is changed',
          lines: [
            `We now deliver to ${deliverToLine({ ...address, state: row.state })}.`,
            address.deliveryNotes ? `Delivery notes: ${address.deliveryNotes}` : 'No delivery notes.',
          ],
        },
      },
      now,
    );
  });
}

/**
 * Cancels before the next billing: every month that may still be changed is dropped, and the
 * months already certain (paid, or past their last day for changes) are still delivered.
 * Returns the last delivery's month and day, or null when none is left to come.
 */
export async function cancelSubscription(
  { db, site, now = new Date(), refunds }: AccountChangeContext,
  email: string,
  subscriptionId: string,
  why?: CancelRequest,
): Promise<{ row: SubscriptionDbRow; lastDelivery: MonthDeliveryDate | null; refund: CancelRefund | null }> {
  return inTransaction(db, async (tx) => {
    const row = await lockOwn(tx, email, subscriptionId);
    if (isPrepaidGift(row) && !refunds) throw new InvalidInputError(ACCOUNT_MESSAGES.prepaidGiftCancel);
    if (why?.reason) await recordCancellationReason(tx, row.id, { reason: why.reason, otherText: why.otherText });
    const today = studioDate(now);
    const thisMonth = today.slice(0, 7);
    const dates = await deliveryDatesBetween(tx, addMonths(thisMonth, -1), addMonths(thisMonth, ACCOUNT_MONTHS_AHEAD));
    const lastDelivery = lastDeliveryKept(
      row,
      dates.filter((day) => day.date >= today),
      await paidMonthsOf(tx, row.id),
      now,
    );
    const delivered = dates.filter((day) => day.date < today).at(-1)!.month;
    const endsAfter = lastDelivery?.month ?? delivered;
    const said = lastDelivery
      ? `Your last delivery is on ${formatDeliveryDate(lastDelivery.date, { withYear: true })}; after it nothing more is delivered or charged.`
      : 'Nothing more is delivered or charged.';
    // Before the change is written: a provider that fails leaves the subscription as it was.
    // Money kept for a month that will not be delivered is given back (cancel-refunds.ts).
    const refund = refunds
      ? await refundUndeliveredMonths(tx, refunds, row, endsAfter, delivered, { kind: 'subscriber', id: email }, now)
      : null;
    const reason = why?.reason ? { reason: why.reason } : {};
    await apply(
      tx,
      row,
      email,
      site,
      {
        kind: 'cancel',
        set: { status: 'cancelled', statusFrom: addMonths(endsAfter, 1), endsAfter },
        detail: refund ? { endsAfter, ...reason, refund } : { endsAfter, ...reason },
        email: {
          subject: 'Your subscription is cancelled',
          lines: ['You cancelled your Monthly Blooms subscription.', said, ...(refund ? [refundLine(refund)] : [])],
        },
      },
      now,
    );
    return { row, lastDelivery, refund };
  });
}
