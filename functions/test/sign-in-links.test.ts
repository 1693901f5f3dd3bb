import type { FastifyInstance } from 'fastify';
import { allMonthsSelected } from '@blooms/shared/contract/months';
import { ACCOUNT_MESSAGES } from '@blooms/shared/contract/messages';
import { buildCheckoutPayload, EMPTY_SUBSCRIBE_FORM } from '@blooms/shared/contract/subscribe';
import type { SignInLinks } from '../src/auth/sign-in-links';
import { openDatabase, type Database } from '../src/db/database';
import { vouchedOrigin } from '../src/http/public/site-origin';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { addSubscription } from './support/fixtures';
import { mailText } from './support/mail-text';
import { startSmtpServer } from './support/smtp';
import { startTestServer, testConfig } from './support/test-server';
import { waitFor } from './support/wait-for';
import { wellInsideRateWindow } from './support/rate-windows';

/** Links as Firebase makes them, minus Firebase: the page they open, with a code for the address. */
const stubLinks = (made: { email: string; pageUrl: string }[] = []): SignInLinks => ({
  create: async (email, pageUrl) => {
    made.push({ email, pageUrl });
    return `${pageUrl}?mode=signIn&oobCode=code-for-${encodeURIComponent(email)}`;
  },
});

const form = {
  ...EMPTY_SUBSCRIBE_FORM,
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.com',
  phone: '8015550101',
  address: '215 E 400 S',
  unit: '',
  city: 'Salt Lake City',
  state: 'UT',
  zip: '84111',
  deliveryNotes: '',
  plan: 'yearly' as const,
  selectedMonths: allMonthsSelected(),
};

const FORGED_HOSTS = [
  'localhost:80@attacker.example',
  'attacker.example',
  'localhost.attacker.example',
  '127.0.0.1:8080/@attacker.example',
  'localhost:8080#@attacker.example',
];
const MALFORMED_HOSTS = ['localhost:99999', 'localhost:x', 'localhost:', '[::1', 'localhost:8080:8080', 'localhost\u0000'];

describe('the origin a link is made with', () => {
  it('is the request’s only when it is this machine, as a whole', () => {
    expect(vouchedOrigin('http', 'localhost:8080')).toBe('http://localhost:8080');
    expect(vouchedOrigin('http', 'LOCALHOST')).toBe('http://localhost');
    expect(vouchedOrigin('https', '127.0.0.1:3000')).toBe('https://127.0.0.1:3000');
    expect(vouchedOrigin('http', '[::1]:8080')).toBe('http://[::1]:8080');
    for (const host of [...FORGED_HOSTS, ...MALFORMED_HOSTS, '127.0.0.256', 'localhost:0', 'localhost:65536'])
      expect({ host, origin: vouchedOrigin('http', host) }).toEqual({ host, origin: null });
    expect(vouchedOrigin('javascript', 'localhost')).toBeNull();
  });
});

/** The sign-in links mailed to an address; its other e-mails (a subscription's confirmation) are not links. */
const linksMailed = (smtp: Awaited<ReturnType<typeof startSmtpServer>>, email: string) =>
  smtp.received.filter((mail) => mail.to.includes(email)).flatMap((mail) => /http\S+oobCode=\S+/.exec(mailText(mail.raw))?.[0] ?? []);

describe.each(DATABASE_KINDS)('account sign-in links on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let proxied: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const made: { email: string; pageUrl: string }[] = [];

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    smtp = await startSmtpServer();
    // No PUBLIC_URL: the local default, and a backend on 127.0.0.1 behind a proxy on the same machine.
    const env = { SMTP_URL: smtp.url, PORT: '8080', RATE_LIMIT_CHECKOUTS_PER_MINUTE: '1000' };
    app = await startTestServer(database, { config: testConfig(env), signInLinks: stubLinks(made) });
    proxied = await startTestServer(database, { config: testConfig({ ...env, TRUST_PROXY: '1' }), signInLinks: stubLinks(made) });
  });
  afterAll(async () => {
    await app.close();
    await proxied.close();
    await smtp.close();
    await database.destroy();
  });

  const ask = (email: string, headers: Record<string, string> = {}, server = app, client = '198.51.100.1') =>
    server.inject({ method: 'POST', url: '/api/account/sign-in-link', payload: { email }, headers, remoteAddress: client });
  const linksTo = (email: string) => linksMailed(smtp, email);

  /** A backend of its own, on a database of its own: no other instance's worker makes its links. */
  async function alone(signInLinks: SignInLinks, work: (server: FastifyInstance, db: TestDatabase) => Promise<void>) {
    const own = await createMigratedDatabase(kind);
    const server = await startTestServer(own, { config: testConfig({ SMTP_URL: smtp.url, PORT: '8080' }), signInLinks });
    try {
      await work(server, own);
    } finally {
      await server.close();
      await own.destroy();
    }
  }

  async function linkAfter(email: string, headers: Record<string, string>, server = app) {
    const before = linksTo(email).length;
    expect((await ask(email, headers, server)).statusCode).toBe(202);
    await server.emailOutbox.wake();
    await waitFor(() => linksTo(email).length > before);
    return linksTo(email).at(-1)!;
  }

  it('a forged Host never puts its origin in the e-mailed link: it opens at the configured origin', async () => {
    for (const [i, host] of FORGED_HOSTS.entries()) {
      const email = `victim${i}@example.com`;
      await addSubscription(database.db, { email });
      const link = await linkAfter(email, { host });
      expect(link).toMatch(/^http:\/\/localhost:8080\/account\?/);
      expect(new URL(link).host).toBe('localhost:8080');
    }
  });

  it('X-Forwarded-Host from a trusted proxy is held to the same rule', async () => {
    await addSubscription(database.db, { email: 'proxied@example.com' });
    const link = await linkAfter(
      'proxied@example.com',
      { 'x-forwarded-host': 'localhost:80@attacker.example', 'x-forwarded-proto': 'https' },
      proxied,
    );
    expect(new URL(link).origin).toBe('http://localhost:8080');
    const honest = await linkAfter('proxied@example.com', { 'x-forwarded-host': '127.0.0.1:3000' }, proxied);
    expect(new URL(honest).origin).toBe('http://127.0.0.1:3000');
  });

  it('a malformed Host is no server error anywhere links are made', async () => {
    for (const [i, host] of MALFORMED_HOSTS.entries()) {
      const pages = await Promise.all(['/sitemap.xml', '/robots.txt'].map((url) => app.inject({ url, headers: { host } })));
      for (const page of pages) {
        expect({ host, status: page.statusCode }).toEqual({ host, status: 200 });
        expect(page.body).toContain('http://localhost:8080/');
      }
      expect({ host, status: (await ask(`nobody${i}@example.com`, { host })).statusCode }).toEqual({ host, status: 202 });
      const checkout = await app.inject({
        method: 'POST',
        url: '/api/createCheckoutSession',
        headers: { host },
        payload: { data: buildCheckoutPayload(form) },
      });
      expect({ host, status: checkout.statusCode }).toEqual({ host, status: 200 });
    }
  });

  it('answers before, and whatever, the work only a subscriber’s address needs', async () => {
    // A link maker that has not answered yet: the request is answered all the same.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const slowLinks: SignInLinks = { create: async (email, pageUrl) => held.then(() => `${pageUrl}?oobCode=slow-${email}`) };
    await alone(slowLinks, async (slow, own) => {
      await addSubscription(own.db, { email: 'waiting@example.com' });
      const [known, unknown] = await Promise.all([ask('waiting@example.com', {}, slow), ask('stranger@example.com', {}, slow)]);
      for (const answer of [known, unknown]) {
        expect(answer.statusCode).toBe(202);
        expect(answer.json()).toEqual({ message: ACCOUNT_MESSAGES.signInLinkSent });
      }
      expect(linksTo('waiting@example.com')).toEqual([]);
      release();
      await waitFor(() => linksTo('waiting@example.com').length === 1);
      expect(linksTo('stranger@example.com')).toEqual([]);
    }).finally(release);
  });

  it('keeps a request whose link could not be made (Firebase Auth unreachable) and makes it on the next round', async () => {
    let reachable = false;
    const flakyLinks: SignInLinks = {
      create: async (email, pageUrl) => {
        if (!reachable) throw new Error('connect ECONNREFUSED');
        return `${pageUrl}?oobCode=later-${email}`;
      },
    };
    await alone(flakyLinks, async (flaky, own) => {
      await addSubscription(own.db, { email: 'patient@example.com' });
      expect((await ask('patient@example.com', {}, flaky)).statusCode).toBe(202);
      await flaky.emailOutbox.wake();
      expect(linksTo('patient@example.com')).toEqual([]);
      reachable = true;
      await flaky.emailOutbox.wake();
      // A round the request's own notice started may still be under way: the next one makes the link.
      await waitFor(() => linksTo('patient@example.com').length === 1, 30_000, 'the link, made on a later round');
    });
  });

  it('mails one address at most a few links an hour, from any number of connections', async () => {
    await addSubscription(database.db, { email: 'flooded@example.com' });
    // The cap counts in whole hours of the database clock: the refusal below must fall well inside one.
    await wellInsideRateWindow(database.db, 3600, 90);
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await ask('flooded@example.com', {}, app, `203.0.113.${i + 1}`));
    expect(answers.map((answer) => answer.statusCode)).toEqual([...Array(3).fill(202), ...Array(27).fill(429)]);
    expect(answers[3]!.json()).toEqual({ error: 'resource-exhausted', message: ACCOUNT_MESSAGES.tooManySignInLinks });
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(60);
    // A stranger's address is counted the same way: the refusal tells nobody who subscribes.
    const strangers = [];
    for (let i = 0; i < 4; i++) strangers.push((await ask('nobody-flooded@example.com', {}, app, `203.0.114.${i + 1}`)).statusCode);
    expect(strangers).toEqual([202, 202, 202, 429]);
    await app.emailOutbox.wake();
    await waitFor(() => linksTo('flooded@example.com').length === 3);
    // Another address is not held back.
    await addSubscription(database.db, { email: 'neighbour@example.com' });
    expect((await ask('neighbour@example.com')).statusCode).toBe(202);
  });
});

describe.each(DATABASE_KINDS)('the per-address cap across two instances on one %s database', (kind) => {
  let database: TestDatabase;
  let other: Database;
  let apps: FastifyInstance[];
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    other = database.url ? await openDatabase({ url: database.url, dataDir: null }) : database;
    smtp = await startSmtpServer();
    const config = testConfig({ SMTP_URL: smtp.url, PORT: '8080' });
    apps = [
      await startTestServer(database, { config, signInLinks: stubLinks() }),
      await startTestServer(other, { config, signInLinks: stubLinks() }),
    ];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    if (other !== database) await other.close();
    await smtp.close();
    await database.destroy();
  });

  it('sends the few links an hour in all, however the requests are spread', async () => {
    await addSubscription(database.db, { email: 'spread@example.com' });
    await wellInsideRateWindow(database.db, 3600, 30);
    const statuses = [];
    for (let i = 0; i < 10; i++) {
      const answer = await apps[i % 2]!.inject({
        method: 'POST',
        url: '/api/account/sign-in-link',
        payload: { email: 'spread@example.com' },
        remoteAddress: `192.0.2.${i + 1}`,
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(3);
    await Promise.all(apps.map((app) => app.emailOutbox.wake()));
    await waitFor(() => linksMailed(smtp, 'spread@example.com').length === 3, 30_000, 'the three links');
  });
});
