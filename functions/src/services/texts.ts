import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import type { MonthKey } from '@blooms/shared/contract/months';
import { HELP_WORDS, normalizeUsPhone, onTheWayText, START_WORDS, STOP_WORDS, TEXT_HELP_REPLY } from '@blooms/shared/contract/texts';
import { inTransaction, type Db } from '../db/database';
import { smsOutbox, textConsents } from '../db/schema';
import { queueSms } from '../infrastructure/sms-outbox';
import type { MailSite } from '../mail/account-change-email';
import { textStateOf } from '../read-models/texts';
import { lockOwn } from './account/change';

/** The account's setting as its route parsed it (the number already in E.164). */
export type TextSettingInput = { texts: 'on'; phone: string; wording: string } | { texts: 'off' };

/** Where the texts' links point and what day it is by the server's clock. */
export interface TextContext {
  site: MailSite;
  now: Date;
}

/** "Thursday, December 10" in the studio's time zone. */
const dayLabel = (at: Date) =>
  at.toLocaleDateString('en-US', { timeZone: 'America/Denver', weekday: 'long', month: 'long', day: 'numeric' });

/**
 * Queues the "on the way" text of a subscription's stop, inside the transaction that marks
 * it out for delivery: only while the subscription is opted in, and once per stop (a stop
 * moved back and out again is not texted twice). `link` is a path of the site or an absolute
 * address. Resolves with whether a text was queued.
 */
export async function queueOnTheWayText(
  tx: Db,
  input: { subscriptionId: string; month: MonthKey; link: string },
  context: TextContext,
): Promise<boolean> {
  const state = await textStateOf(tx, input.subscriptionId);
  if (state.state !== 'on' || !state.phone) return false;
  const link = new URL(input.link, context.site.accountUrl).toString();
  return queueSms(tx, {
    kind: 'on-the-way',
    dedupeKey: `on-the-way:${input.subscriptionId}:${input.month}`,
    subscriptionId: input.subscriptionId,
    month: input.month,
    phone: state.phone,
    body: onTheWayText({ dayLabel: dayLabel(context.now), link }),
    day: studioDate(context.now),
    createdAt: context.now,
  });
}

/** Records a consent given on the subscribe form (kept with the checkout until it was paid). */
export async function recordSubscribeConsent(tx: Db, subscriptionId: string, consent: { phone: string; wording: string; at: string }) {
  await tx.insert(textConsents).values({
    subscriptionId,
    action: 'opt-in',
    source: 'subscribe',
    phone: consent.phone,
    wording: consent.wording,
    at: new Date(consent.at),
  });
}

/** The account's Texts setting: on with a number and the wording shown, or off. Recorded either way, with its time. */
export async function setTextsFromAccount(db: Db, email: string, subscriptionId: string, setting: TextSettingInput, now: Date) {
  await inTransaction(db, async (tx) => {
    await lockOwn(tx, email, subscriptionId);
    const current = await textStateOf(tx, subscriptionId);
    if (setting.texts === 'on') {
      await tx
        .insert(textConsents)
        .values({ subscriptionId, action: 'opt-in', source: 'account', phone: setting.phone, wording: setting.wording, at: now });
    } else if (current.state === 'on' && current.phone) {
      await tx
        .insert(textConsents)
        .values({ subscriptionId, action: 'opt-out', source: 'account', phone: current.phone, wording: '', at: now });
      await markQueuedOptedOut(tx, [subscriptionId]);
    }
  });
  return textStateOf(db, subscriptionId);
}

async function markQueuedOptedOut(tx: Db, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return;
  await tx
    .update(smsOutbox)
    .set({ optedOutAt: sql`now()` })
    .where(
      and(
        inArray(smsOutbox.subscriptionId, subscriptionIds),
        isNull(smsOutbox.sentAt),
        isNull(smsOutbox.gaveUpAt),
        isNull(smsOutbox.tooLateAt),
        isNull(smsOutbox.optedOutAt),
      ),
    );
}

/** The subscriptions whose newest consent row is for this number, with that row's action and source. */
async function subscriptionsOfNumber(tx: Db, phone: string) {
  const ids = await tx.selectDistinct({ id: textConsents.subscriptionId }).from(textConsents).where(eq(textConsents.phone, phone));
  const newest = [];
  for (const { id } of ids) {
    const [row] = await tx.select().from(textConsents).where(eq(textConsents.subscriptionId, id)).orderBy(desc(textConsents.id)).limit(1);
    if (row?.phone === phone) newest.push(row);
  }
  return newest;
}

export type ReplyOutcome = { kind: 'stop' | 'start' | 'help' | 'other'; reply: string | null };

/**
 * A text a subscriber sent back (the provider's webhook, signature already checked). STOP and
 * its synonyms opt the number out of every subscription texting it (recorded; queued texts
 * are marked opted out); START opts back in the subscriptions a STOP turned off; HELP gets
 * the help text. Anything else changes nothing.
 */
export async function handleTextReply(db: Db, input: { from: string; body: string }, context: TextContext): Promise<ReplyOutcome> {
  const word = input.body.trim().toUpperCase();
  const phone = normalizeUsPhone(input.from) ?? input.from;
  if ((HELP_WORDS as readonly string[]).includes(word))
    return { kind: 'help', reply: TEXT_HELP_REPLY({ phone: context.site.phone, email: context.site.contactEmail }) };
  const stop = (STOP_WORDS as readonly string[]).includes(word);
  const start = (START_WORDS as readonly string[]).includes(word);
  if (!stop && !start) return { kind: 'other', reply: null };
  await inTransaction(db, async (tx) => {
    const rows = await subscriptionsOfNumber(tx, phone);
    const changing = rows.filter((row) => (stop ? row.action === 'opt-in' : row.action === 'opt-out' && row.source === 'reply'));
    for (const row of changing)
      await tx.insert(textConsents).values({
        subscriptionId: row.subscriptionId,
        action: stop ? 'opt-out' : 'opt-in',
        source: 'reply',
        phone,
        wording: word,
        at: context.now,
      });
    if (stop)
      await markQueuedOptedOut(
        tx,
        changing.map((row) => row.subscriptionId),
      );
  });
  // The provider answers STOP and START itself (its opt-out handling); no second reply.
  return { kind: stop ? 'stop' : 'start', reply: null };
}
