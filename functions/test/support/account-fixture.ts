// The account tests' world: a migrated database, the backend with an SMTP catcher and a fixed
// clock, an admin signed in, and the calls a subscriber makes: subscribing through the test
// checkout, signing in by an e-mailed link, reading and changing their account.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildCheckoutPayload, EMPTY_SUBSCRIBE_FORM } from '@blooms/shared/contract/subscribe';
import { defaultDeliveryDate, studioDate } from '@blooms/shared/contract/delivery-dates';
import type { Account } from '@blooms/shared/contract/account';
import { ACCOUNT_MESSAGES } from '@blooms/shared/contract/messages';
import { addMonths, monthsSelected } from '@blooms/shared/contract/months';
import { subscriptions, users } from '../../src/db/schema';
import { createMigratedDatabase, type DatabaseKind, type TestDatabase } from './databases';
import { signInWithGoogle } from './identities';
import { mailText } from './mail-text';
import { startSmtpServer } from './smtp';
import { startTestServer, testConfig } from './test-server';
import { waitFor } from './wait-for';
import { testNow } from './test-now';
import { accountFixtureNow, soonMonthAfter } from './account-fixture-day';

/** Signs in with the one-time code of an e-mailed link, as the browser's Firebase Auth does; returns the ID token. */
async function signInWithLink(email: string, link: string): Promise<string> {
  const oobCode = new URL(link).searchParams.get('oobCode');
  const response = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink?key=test-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, oobCode }),
    },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`e-mail link sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

/**
 * The server's clock: noon in the studio on the first day a month two months from now can no
 * longer be changed (its delivery 6 days away). That month is inside the notice; the next is not.
 */
const STARTED = testNow();
const SOON_MONTH = soonMonthAfter(STARTED);
export const soonDate = () => defaultDeliveryDate(SOON_MONTH);
const NOW = accountFixtureNow(STARTED);
export const today = () => studioDate(NOW);

/** clock: the server's, when a test moves it (else the fixed NOW); env: settings on top, read when the server starts (another payment provider). */
export function accountFixture(kind: DatabaseKind, options: { clock?: () => Date; env?: () => Record<string, string> } = {}) {
  const fx = {
    database: null as unknown as TestDatabase,
    app: null as unknown as FastifyInstance,
    smtp: null as unknown as Awaited<ReturnType<typeof startSmtpServer>>,
    staffToken: '',
  };

  beforeAll(async () => {
    fx.database = await createMigratedDatabase(kind);
    fx.smtp = await startSmtpServer();
    fx.app = await startTestServer(fx.database, {
      config: testConfig({ SMTP_URL: fx.smtp.url, PUBLIC_URL: 'https://blooms.example', PAYMENTS: 'test', ...options.env?.() }),
      clock: options.clock ?? (() => NOW),
    });
    await fx.database.db.insert(users).values({ name: 'Bea Boss', email: 'boss@blooms.example', role: 'admin' });
    fx.staffToken = (await signInWithGoogle('boss@blooms.example')).idToken;
  });
  afterAll(async () => {
    await fx.app.close();
    await fx.smtp.close();
    await fx.database.destroy();
  });

  const soonMonth = () => SOON_MONTH;
  /** The plan: the month inside the notice and the four after it. */
  const planMonths = () => [0, 1, 2, 3, 4].map((i) => Number(addMonths(soonMonth(), i).slice(5, 7)));

  /** Subscribes through the test checkout, as a customer does. */
  async function subscribe(email: string, extra: Partial<typeof EMPTY_SUBSCRIBE_FORM> = {}) {
    const selected = monthsSelected(planMonths());
    const form = {
      ...EMPTY_SUBSCRIBE_FORM,
      firstName: 'Rosa',
      lastName: 'Diaz',
      email,
      phone: '8015550111',
      address: '1 Main St',
      city: 'Provo',
      zip: '84601',
      plan: 'custom' as const,
      selectedMonths: selected,
      ...extra,
    };
    const started = await fx.app.inject({
      method: 'POST',
      url: '/api/createCheckoutSession',
      payload: { data: buildCheckoutPayload(form) },
    });
    expect(started.statusCode).toBe(200);
    const { sessionId } = started.json().result as { sessionId: string };
    await fx.app.inject({
      method: 'POST',
      url: `/checkout/test/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const [row] = await fx.database.db.select().from(subscriptions).where(eq(subscriptions.checkoutSessionId, sessionId));
    return row!;
  }

  const mailsTo = (email: string) => fx.smtp.received.filter((mail) => mail.to.includes(email)).map((mail) => mailText(mail.raw));

  /** Asks for a link, reads it from the e-mail, and signs in with it. */
  async function signInByEmail(email: string) {
    const links = () => mailsTo(email).filter((text) => text.includes('Subject: Your Monthly Blooms sign-in link'));
    const before = links().length;
    const asked = await fx.app.inject({ method: 'POST', url: '/api/account/sign-in-link', payload: { email } });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(ACCOUNT_MESSAGES.signInLinkSent);
    fx.app.emailOutbox.wake();
    await waitFor(() => links().length > before);
    const link = /https:\/\/blooms\.example\/account\?\S+/.exec(links().at(-1)!)![0];
    return signInWithLink(email, link);
  }

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const account = async (token: string) => {
    const response = await fx.app.inject({ url: '/api/account', headers: as(token) });
    expect(response.statusCode).toBe(200);
    return response.json() as Account;
  };
  const change = (token: string, method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
    fx.app.inject({ method, url, headers: as(token), payload });

  return { fx, soonMonth, planMonths, subscribe, mailsTo, signInByEmail, as, account, change };
}
