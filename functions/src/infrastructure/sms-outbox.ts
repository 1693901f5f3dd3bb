import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { studioDate, STUDIO_TIME_ZONE } from '@blooms/shared/contract/delivery-dates';
import { TEXT_HOURS } from '@blooms/shared/contract/texts';
import type { Database, Db } from '../db/database';
import { WokenWorker } from './woken-worker';
import { smsOutbox, textConsents, type SmsOutboxRow } from '../db/schema';
import type { SmsSender } from './sms-sender';
import type { Logger } from './logger';

const SMS_CHANNEL = 'blooms_sms_outbox';
/** Tries before the worker gives up on a text (they stop anyway when its day's texting hours end). */
export const SMS_MAX_ATTEMPTS = 12;
/** Outside texting hours the worker looks again at most this long later, so a change of clock (daylight saving) is caught. */
const HOLD_STEP_MS = 30 * 60_000;
const backoff = (retryAfterS: number) => sql`make_interval(secs => least(${retryAfterS} * power(2, ${smsOutbox.attempts}), 3600))`;

export interface QueuedText {
  kind: string;
  dedupeKey: string;
  subscriptionId: string;
  month: string | null;
  phone: string;
  body: string;
  /** The studio day it is for. */
  day: string;
  /** When it was queued by the server's clock (the test clock's, with one), as the history shows it. */
  createdAt: Date;
}

/** Queues a text inside the caller's transaction, once per dedupe key; resolves with whether it was new. */
export async function queueSms(tx: Db, text: QueuedText): Promise<boolean> {
  const inserted = await tx
    .insert(smsOutbox)
    .values(text)
    .onConflictDoNothing({ target: smsOutbox.dedupeKey })
    .returning({ id: smsOutbox.id });
  if (inserted.length > 0) await tx.execute(sql`select pg_notify(${SMS_CHANNEL}, '')`);
  return inserted.length > 0;
}

/** The studio's wall clock at an instant: its day and the seconds since midnight there. */
export function studioClock(at: Date): { day: string; seconds: number } {
  const [h, m, s] = new Intl.DateTimeFormat('en-GB', {
    timeZone: STUDIO_TIME_ZONE,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
    .format(at)
    .split(':')
    .map(Number);
  return { day: studioDate(at), seconds: h! * 3600 + m! * 60 + s! };
}

/**
 * What to do with a text at an instant: send it; hold it (before 8:00 on its day) for how
 * long; or drop it (its day's 20:00 has passed: a text saying the flowers are on the way
 * today is wrong the next morning).
 */
export function textingWindow(day: string, at: Date): { send: true } | { send: false; holdMs: number } | { send: false; tooLate: true } {
  const now = studioClock(at);
  if (now.day > day || (now.day === day && now.seconds >= TEXT_HOURS.until * 3600)) return { send: false, tooLate: true };
  if (now.day < day) return { send: false, holdMs: HOLD_STEP_MS };
  if (now.seconds < TEXT_HOURS.from * 3600)
    return { send: false, holdMs: Math.min(HOLD_STEP_MS, (TEXT_HOURS.from * 3600 - now.seconds) * 1000) };
  return { send: true };
}

/** Whether the subscription's newest consent is an opt-in for this number. */
export async function mayText(db: Db, subscriptionId: string | null, phone: string): Promise<boolean> {
  if (!subscriptionId) return false;
  const [latest] = await db
    .select({ action: textConsents.action, phone: textConsents.phone })
    .from(textConsents)
    .where(eq(textConsents.subscriptionId, subscriptionId))
    .orderBy(desc(textConsents.id))
    .limit(1);
  return latest?.action === 'opt-in' && latest.phone === phone;
}

/**
 * Sends the queued texts, as the e-mail worker sends e-mails: at start, when woken by a
 * queued text, and every pollMs; a claim counts an attempt and moves the next one on by the
 * backoff, so a crash mid-send retries (at least once, never lost). Only between 8:00 and
 * 20:00 studio time by the server's clock, and only while the number is opted in.
 */
export class SmsOutboxWorker extends WokenWorker {
  constructor(
    database: Database,
    private readonly sender: SmsSender,
    private readonly log: Logger,
    private readonly clock: () => Date,
    private readonly options: { pollMs: number; retryAfterS: number } = { pollMs: 10_000, retryAfterS: 30 },
  ) {
    super(database, SMS_CHANNEL, options.pollMs);
  }

  protected async drain(): Promise<void> {
    try {
      for (let text = await this.claim(); text && !this.closed; text = await this.claim()) await this.send(text);
    } catch (error) {
      this.log.error({ err: error }, 'text outbox could not be read');
    }
  }

  private async claim(): Promise<SmsOutboxRow | null> {
    const { db } = this.database;
    const due = db
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(
        and(
          isNull(smsOutbox.sentAt),
          isNull(smsOutbox.gaveUpAt),
          isNull(smsOutbox.optedOutAt),
          isNull(smsOutbox.tooLateAt),
          lte(smsOutbox.nextAttemptAt, sql`now()`),
        ),
      )
      .orderBy(smsOutbox.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(smsOutbox)
      .set({ attempts: sql`${smsOutbox.attempts} + 1`, nextAttemptAt: sql`now() + ${backoff(this.options.retryAfterS)}` })
      .where(inArray(smsOutbox.id, due))
      .returning();
    return row ?? null;
  }

  private async send(text: SmsOutboxRow): Promise<void> {
    const { db } = this.database;
    const fields = { smsId: text.id, kind: text.kind, attempts: text.attempts };
    const window = textingWindow(text.day, this.clock());
    if (!window.send) {
      if ('tooLate' in window) {
        await db.update(smsOutbox).set({ tooLateAt: new Date() }).where(eq(smsOutbox.id, text.id));
        this.log.info(fields, 'text not sent: its day ended before 20:00 came');
      } else {
        // Held, not tried: the attempt is given back.
        await db
          .update(smsOutbox)
          .set({ attempts: sql`${smsOutbox.attempts} - 1`, nextAttemptAt: new Date(Date.now() + window.holdMs) })
          .where(eq(smsOutbox.id, text.id));
      }
      return;
    }
    if (!(await mayText(db, text.subscriptionId, text.phone))) {
      await db.update(smsOutbox).set({ optedOutAt: new Date() }).where(eq(smsOutbox.id, text.id));
      this.log.info(fields, 'text not sent: the number opted out');
      return;
    }
    let providerId: string;
    try {
      ({ providerId } = await this.sender.send({ to: text.phone, body: text.body, outboxId: text.id }));
    } catch (error) {
      const gaveUp = text.attempts >= SMS_MAX_ATTEMPTS;
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(smsOutbox)
        .set({ lastError: message.slice(0, 1000), ...(gaveUp ? { gaveUpAt: new Date() } : {}) })
        .where(eq(smsOutbox.id, text.id));
      // The provider's words can name the number: the log gets its codes only.
      const codes = { status: (error as { status?: number }).status, code: (error as { code?: number | string }).code };
      if (gaveUp) this.log.error({ ...fields, ...codes }, 'text given up after too many attempts');
      else this.log.info({ ...fields, ...codes }, 'text not sent yet; will retry');
      return;
    }
    await db.update(smsOutbox).set({ sentAt: new Date(), providerId, lastError: null }).where(eq(smsOutbox.id, text.id));
    this.log.info(fields, 'text sent');
  }
}
