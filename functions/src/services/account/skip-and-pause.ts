import { chargeDateFor, MAX_PAUSE_MONTHS } from '@blooms/shared/contract/account';
import { changesAllowed, formatDeliveryDate, studioDate } from '@blooms/shared/contract/delivery-dates';
import { ACCOUNT_MESSAGES, ACCOUNT_MONTHS_AHEAD } from '@blooms/shared/contract/messages';
import { addMonths, formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import type { InsteadOfCancelling } from '@blooms/shared/contract/account-api';
import { inTransaction } from '../../db/database';
import { deliveryDatesBetween } from '../../read-models/delivery-dates';
import { InvalidInputError } from '../../domain/errors';
import { lockOwn, changeableMonth, lockedMonth, apply, type AccountChangeContext } from './change';

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
    await apply(tx, row, email, site, now, {
      kind: 'skip',
      set: { skippedMonths: [...row.skippedMonths, month].sort() },
      detail: insteadOf ? { month, insteadOf } : { month },
      email: {
        subject: `${formatMonth(month)} is skipped`,
        lines: [`You skipped ${formatMonth(month)}: there is no delivery on ${when}, and nothing is charged for it.`],
      },
    });
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
    await apply(tx, row, email, site, now, {
      kind: 'unskip',
      set: { skippedMonths: row.skippedMonths.filter((m) => m !== month) },
      detail: { month },
      email: {
        subject: `${formatMonth(month)} is back on`,
        lines: [
          `${formatMonth(month)} is back on: flowers on ${formatDeliveryDate(described.date, { withYear: true })}, charged on ${formatDeliveryDate(chargeDateFor(described.date), { withYear: true })}.`,
        ],
      },
    });
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
    await apply(tx, row, email, site, now, {
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
    });
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
    await apply(tx, row, email, site, now, {
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
    });
  });
}
