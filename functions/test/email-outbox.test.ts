import { eq, sql } from 'drizzle-orm';
import { inTransaction } from '../src/db/database';
import { emailOutbox } from '../src/db/schema';
import { smtpMailer } from '../src/mail/mailer';
import { EmailOutboxWorker, queueEmail, retryGivenUp } from '../src/infrastructure/email-outbox';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { startSmtpServer } from './support/smtp';
import sharp from 'sharp';
import { inlineImage, mailText } from './support/mail-text';
import { declaringSize, IMAGES } from './support/fixtures';
import { Readable } from 'node:stream';
import type { BlobStore } from '../src/infrastructure/blob-store';

const NO_SUBSCRIPTION = { subscriptionId: null };
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const mail = (n: number) => ({
  to: { name: `Person ${n}`, address: `person${n}@example.com` },
  subject: `Hello ${n}`,
  text: `Hello ${n}`,
  html: `<p>Hello ${n}</p>`,
});

describe.each(DATABASE_KINDS)('the e-mail outbox on %s', (kind) => {
  let database: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const workers: EmailOutboxWorker[] = [];
  const worker = (url = smtp.url, blobs: BlobStore | null = null) => {
    const w = new EmailOutboxWorker(
      database,
      smtpMailer(url, 'Monthly Blooms <hello@blooms.example>'),
      quiet,
      { pollMs: 60_000, messageIdDomain: 'blooms.example', retryAfterS: 30 },
      blobs,
    );
    workers.push(w);
    return w;
  };
  const rows = () => database.db.select().from(emailOutbox).orderBy(emailOutbox.id);
  const withImage = (n: number, blobKey: string) =>
    inTransaction(database.db, (tx) =>
      queueEmail(
        tx,
        'test',
        { ...mail(n), html: `<p>Hello ${n}</p><img src="cid:photo" alt="At the door">` },
        { subscriptionId: null, images: [{ cid: 'photo', blobKey }] },
      ),
    );

  beforeEach(async () => {
    database = await createMigratedDatabase(kind);
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.close();
    await smtp?.close();
    await database.destroy();
  });

  it('queues an e-mail only when its transaction commits', async () => {
    smtp = await startSmtpServer();
    await expect(
      inTransaction(database.db, async (tx) => {
        await queueEmail(tx, 'test', mail(1), NO_SUBSCRIPTION);
        throw new Error('the write it announces failed');
      }),
    ).rejects.toThrow('the write it announces failed');
    await inTransaction(database.db, (tx) => queueEmail(tx, 'test', mail(2), NO_SUBSCRIPTION));
    expect((await rows()).map((r) => r.subject)).toEqual(['Hello 2']);
  });

  it('sends each queued e-mail once, with a stable Message-ID, and records it', async () => {
    smtp = await startSmtpServer();
    const w = worker();
    await w.start();
    await inTransaction(database.db, (tx) => queueEmail(tx, 'test', mail(1), NO_SUBSCRIPTION));
    await w.wake();
    await w.wake();
    expect(smtp.received.map((m) => m.to)).toEqual([['person1@example.com']]);
    const [row] = await rows();
    expect(smtp.received[0]!.raw).toContain(`Message-ID: <outbox-${row!.id}-${row!.createdAt.getTime()}@blooms.example>`);
    expect(row).toMatchObject({ attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('attaches the images its HTML shows inline, read when sent; one that is gone is left out of the HTML', async () => {
    smtp = await startSmtpServer();
    const blobs: BlobStore = {
      get: async (key) => (key === 'proofs/door.jpg' ? Readable.from([IMAGES.jpeg]) : null),
      put: async () => undefined,
      delete: async () => undefined,
      list: async () => [],
      folder: null,
    };
    const w = worker(smtp.url, blobs);
    await w.start();
    await withImage(1, 'proofs/door.jpg');
    await withImage(2, 'proofs/gone.jpg');
    await w.wake();
    const [kept, gone] = smtp.received.map((m) => mailText(m.raw));
    expect(kept).toContain('<img src="cid:photo" alt="At the door">');
    expect(kept).toMatch(/Content-Type: image\/jpeg; name=photo\.jpg/);
    expect(kept).toContain('Content-ID: <photo>');
    expect(gone).toContain('<p>Hello 2</p>');
    expect(gone).not.toContain('cid:photo');
    expect(gone).not.toContain('Content-ID');
  });

  it('e-mails every photo as a JPEG of at most 960 px, HEIC included; one declaring more pixels than a photo may is left out', async () => {
    smtp = await startSmtpServer();
    const large = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 120, g: 160, b: 90 } } })
      .jpeg()
      .toBuffer();
    const photos: Record<string, Buffer> = {
      'p/door.heic': IMAGES.heic,
      'p/door.webp': IMAGES.webp,
      'p/door.png': IMAGES.png,
      'p/large.jpg': large,
      'p/bomb.png': declaringSize('png', 30000, 30000),
    };
    const blobs: BlobStore = {
      get: async (key) => (photos[key] ? Readable.from([photos[key]]) : null),
      put: async () => undefined,
      delete: async () => undefined,
      list: async () => [],
      folder: null,
    };
    const w = worker(smtp.url, blobs);
    await w.start();
    for (const [n, key] of Object.keys(photos).entries()) await withImage(n, key);
    await w.wake();
    const sent = Object.fromEntries(smtp.received.map((m) => [/Subject: Hello (\d+)/.exec(m.raw)![1], m.raw]));
    const renditions = await Promise.all([0, 1, 2, 3].map(async (n) => sharp(inlineImage(sent[n]!, 'photo')!).metadata()));
    expect(renditions.map(({ format, width, height }) => ({ format, width, height }))).toEqual([
      { format: 'jpeg', width: 64, height: 48 },
      { format: 'jpeg', width: 8, height: 6 },
      { format: 'jpeg', width: 8, height: 6 },
      { format: 'jpeg', width: 960, height: 640 },
    ]);
    expect(inlineImage(sent[4]!, 'photo')).toBeNull();
    expect(mailText(sent[4]!)).not.toContain('cid:photo');
  });

  it('retries after a failure with backoff, recording why, until the mail server takes it', async () => {
    smtp = await startSmtpServer({ refuseFirst: 1 });
    const w = worker();
    await inTransaction(database.db, (tx) => queueEmail(tx, 'test', mail(1), NO_SUBSCRIPTION));
    await w.wake();
    let [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, sentAt: null });
    expect(row!.lastError).toMatch(/451/);
    const waitS = (row!.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(waitS).toBeGreaterThan(20);
    expect(waitS).toBeLessThanOrEqual(30);
    await w.wake();
    expect(smtp.received).toHaveLength(0); // not due yet

    // Time passes: the retry comes due.
    await database.db.update(emailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    await w.wake();
    [row] = await rows();
    expect(smtp.received).toHaveLength(1);
    expect(row).toMatchObject({ attempts: 2, lastError: null });
  });

  it('sends an e-mail whose sending a crash interrupted, once its claim runs out', async () => {
    smtp = await startSmtpServer();
    await inTransaction(database.db, (tx) => queueEmail(tx, 'test', mail(1), NO_SUBSCRIPTION));
    // What a worker killed mid-send leaves: an attempt counted, the next one pushed on.
    await database.db.update(emailOutbox).set({ attempts: 1, nextAttemptAt: sql`now() + interval '30 seconds'` });
    const w = worker();
    await w.wake();
    expect(smtp.received).toHaveLength(0);
    await database.db.update(emailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    await w.wake();
    expect(smtp.received).toHaveLength(1);
  });

  it('gives up after the last attempt, and says so', async () => {
    smtp = await startSmtpServer({ refuseFirst: 1 });
    await inTransaction(database.db, (tx) => queueEmail(tx, 'test', mail(1), NO_SUBSCRIPTION));
    await database.db.update(emailOutbox).set({ attempts: 23 });
    await worker().wake();
    const [row] = await rows();
    expect(row!.attempts).toBe(24);
    expect(row!.gaveUpAt).toBeInstanceOf(Date);
    await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, row!.id));
    await worker().wake();
    expect(smtp.received).toHaveLength(0);

    // Once the mail server works again, the operator sends it anyway (pnpm outbox:retry).
    expect(await retryGivenUp(database.db, 3)).toBe(1);
    await worker().wake();
    expect(smtp.received).toHaveLength(1);
    expect(await retryGivenUp(database.db, 3)).toBe(0);
  });

  if (kind === 'postgres') {
    // Two backends on one database: each claim is one statement that skips rows the other holds.
    it('two workers together send every e-mail exactly once', async () => {
      smtp = await startSmtpServer();
      await inTransaction(database.db, async (tx) => {
        for (let n = 0; n < 40; n++) await queueEmail(tx, 'test', mail(n), NO_SUBSCRIPTION);
      });
      await Promise.all([worker().wake(), worker().wake()]);
      const sent = smtp.received.map((m) => m.to[0]);
      expect(sent).toHaveLength(40);
      expect(new Set(sent).size).toBe(40);
    });
  }
});
