import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/database';
import { WokenWorker } from './woken-worker';
import { buffer } from 'node:stream/consumers';
import { emailOutbox, type EmailOutboxRow, type InlineImage } from '../db/schema';
import type { Mailer, OutgoingMail } from '../mail/mailer';
import type { BlobStore } from './blob-store';
import { typeOfKey } from './image-type';
import { emailRendition } from './photos';
import type { Logger } from './logger';

const OUTBOX_CHANNEL = 'blooms_outbox';
/** Tries before the worker gives up on an e-mail: with the backoff capped at an hour, about a day. */
export const MAX_ATTEMPTS = 24;
/** The first retry waits retryAfterS (30 s by default), then twice as long each time, at most an hour. */
const backoff = (retryAfterS: number) => sql`make_interval(secs => least(${retryAfterS} * power(2, ${emailOutbox.attempts}), 3600))`;

/** What an e-mail is about: the subscription (for its history; none for a sign-in link), and the images its HTML shows inline. */
export interface EmailAbout {
  subscriptionId: string | null;
  images?: InlineImage[];
}

/**
 * Queues an e-mail inside the caller's transaction: it exists exactly when what it announces
 * was committed, and the worker is woken at commit.
 */
export async function queueEmail(tx: Db, kind: string, mail: OutgoingMail, about: EmailAbout): Promise<void> {
  await tx.insert(emailOutbox).values({
    kind,
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    images: about.images ?? [],
    subscriptionId: about.subscriptionId,
  });
  await wakeOutboxWorkers(tx);
}

/** Wakes every instance's e-mail worker (at commit, inside a transaction). */
export async function wakeOutboxWorkers(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/**
 * Sends what the outbox holds: at start (what a crash left), when woken by a queued e-mail,
 * and every pollMs for retries. An e-mail is claimed by counting an attempt and moving its
 * next attempt on by the backoff, in one statement that skips rows another worker holds; it
 * is marked sent once the mail server took it. A crash between those two leaves it due again
 * after the backoff: at least once, never lost. Its Message-ID stays the same on every try,
 * so a receiving server can tell a repeat.
 */
export class EmailOutboxWorker extends WokenWorker {
  constructor(
    database: Database,
    private readonly mailer: Mailer,
    private readonly log: Logger,
    private readonly options: { pollMs: number; messageIdDomain: string; retryAfterS: number } = {
      pollMs: 10_000,
      messageIdDomain: 'monthlyblooms.local',
      retryAfterS: 30,
    },
    /** Where inline images are read from; without it, or when an image is gone, the e-mail goes without it. */
    private readonly blobs: BlobStore | null = null,
    /** Work that queues e-mails of its own, done first on every wake-up (the sign-in links asked for). */
    private readonly beforeSending: () => Promise<void> = async () => {},
  ) {
    super(database, OUTBOX_CHANNEL, options.pollMs);
  }

  protected async drain(): Promise<void> {
    try {
      await this.beforeSending();
      for (let mail = await this.claim(); mail && !this.closed; mail = await this.claim()) await this.send(mail);
    } catch (error) {
      // The database is unreachable: the next wake-up or poll tries again.
      this.log.error({ err: error }, 'e-mail outbox could not be read');
    }
  }

  private async claim(): Promise<EmailOutboxRow | null> {
    const { db } = this.database;
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(isNull(emailOutbox.sentAt), isNull(emailOutbox.gaveUpAt), lte(emailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(emailOutbox.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + ${backoff(this.options.retryAfterS)}` })
      .where(inArray(emailOutbox.id, due))
      .returning();
    return row ?? null;
  }

  private async send(mail: EmailOutboxRow): Promise<void> {
    const { db } = this.database;
    const messageId = `<outbox-${mail.id}-${mail.createdAt.getTime()}@${this.options.messageIdDomain}>`;
    try {
      await this.mailer.send(
        { to: mail.recipient, subject: mail.subject, text: mail.text, ...(await this.withImages(mail)) },
        { messageId },
      );
    } catch (error) {
      const gaveUp = mail.attempts >= MAX_ATTEMPTS;
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(emailOutbox)
        .set({ lastError: message.slice(0, 1000), ...(gaveUp ? { gaveUpAt: new Date() } : {}) })
        .where(eq(emailOutbox.id, mail.id));
      // The mail server's words can name the recipient: the log gets the code only.
      const fields = {
        outboxId: mail.id,
        kind: mail.kind,
        attempts: mail.attempts,
        code: (error as { code?: string }).code,
        responseCode: (error as { responseCode?: number }).responseCode,
      };
      if (gaveUp) this.log.error(fields, 'e-mail given up after too many attempts');
      else this.log.info(fields, 'e-mail not sent yet; will retry');
      return;
    }
    await db.update(emailOutbox).set({ sentAt: new Date(), lastError: null }).where(eq(emailOutbox.id, mail.id));
    this.log.info({ outboxId: mail.id, kind: mail.kind, attempts: mail.attempts }, 'e-mail sent');
  }

  /**
   * The HTML with its inline images attached, each as a bounded JPEG (emailRendition); an
   * image that can no longer be read, or not be made into one, is left out of the HTML too.
   */
  private async withImages(mail: EmailOutboxRow): Promise<Pick<OutgoingMail, 'html' | 'attachments'>> {
    let html = mail.html;
    const attachments: NonNullable<OutgoingMail['attachments']> = [];
    for (const { cid, blobKey } of mail.images) {
      const rendition = await this.renditionOf(mail, blobKey);
      if (rendition) {
        attachments.push({ cid, filename: `${cid}.jpg`, contentType: 'image/jpeg', content: rendition });
      } else {
        html = html.replace(new RegExp(`<img [^>]*src="cid:${cid}"[^>]*>`, 'g'), '');
      }
    }
    return { html, attachments };
  }

  private async renditionOf(mail: EmailOutboxRow, blobKey: string): Promise<Buffer | null> {
    const stream = await this.blobs?.get(blobKey);
    if (!stream) return null;
    try {
      return await emailRendition(await buffer(stream), typeOfKey(blobKey));
    } catch (error) {
      this.log.warn({ err: error, outboxId: mail.id }, 'an e-mail photo could not be made; the e-mail goes without it');
      return null;
    }
  }
}

/** E-mails still to send (queued, not sent, not given up) and when the oldest of them was queued: what health checks and metrics watch. */
export interface OutboxBacklog {
  unsent: number;
  oldestUnsentAt: Date | null;
  /** E-mails given up on in the last day (the mail server kept refusing them). */
  gaveUpLastDay: number;
}

export async function outboxBacklog(db: Db): Promise<OutboxBacklog> {
  const [row] = await db
    .select({
      unsent: sql<number>`count(*) filter (where ${emailOutbox.sentAt} is null and ${emailOutbox.gaveUpAt} is null)`.mapWith(Number),
      oldest: sql<
        string | null
      >`min(${emailOutbox.createdAt}) filter (where ${emailOutbox.sentAt} is null and ${emailOutbox.gaveUpAt} is null)`,
      gaveUp: sql<number>`count(*) filter (where ${emailOutbox.gaveUpAt} > now() - interval '1 day')`.mapWith(Number),
    })
    .from(emailOutbox)
    .where(sql`(${emailOutbox.sentAt} is null and ${emailOutbox.gaveUpAt} is null) or ${emailOutbox.gaveUpAt} > now() - interval '1 day'`);
  return { unsent: row?.unsent ?? 0, oldestUnsentAt: row?.oldest ? new Date(row.oldest) : null, gaveUpLastDay: row?.gaveUp ?? 0 };
}

/**
 * Queues again the e-mails given up on in the last `days` days (a long mail server outage), from
 * their first try: `pnpm outbox:retry`. Resolves with how many.
 */
export async function retryGivenUp(db: Db, days: number): Promise<number> {
  const retried = await db
    .update(emailOutbox)
    .set({ gaveUpAt: null, attempts: 0, nextAttemptAt: sql`now()` })
    .where(sql`${emailOutbox.gaveUpAt} > now() - make_interval(days => ${days})`)
    .returning({ id: emailOutbox.id });
  if (retried.length > 0) await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  return retried.length;
}
