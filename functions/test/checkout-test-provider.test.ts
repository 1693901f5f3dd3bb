import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { SUBSCRIBE_MESSAGES } from '@blooms/shared/contract/messages';
import { escapeHtml } from '@blooms/shared/contract/html';
import { LATER_CHARGES, MONEY_RULE } from '@blooms/shared/contract/site';
import type { CheckoutPayload } from '@blooms/shared/contract/checkout';
import { formatMonth } from '@blooms/shared/contract/months';
import { formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { checkoutSessions, emailOutbox, ledgerEntries, subscriptions } from '../src/db/schema';
import { CHARGE_CONFIRMATION_MESSAGES } from '@blooms/shared/contract/charge-confirmation';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { startTestServer, testConfig } from './support/test-server';
import { firstDeliveryOf } from './support/fixtures';
import { mailText } from './support/mail-text';
import { call, payload } from './support/checkout-payload';

describe.each(DATABASE_KINDS)('checkout with the built-in test checkout on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let outbox: string;

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-outbox-'));
    // This suite starts many checkouts from one address; the limit has its own tests (rate-limits.test.ts).
    app = await startTestServer(database, { config: testConfig({ OUTBOX_DIR: outbox, RATE_LIMIT_CHECKOUTS_PER_MINUTE: '200' }) });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  it('answers a path or query with NUL or broken bytes with 400 on the pages outside the route table, as on its routes, and changes nothing', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const tried: [string, string][] = [
      ['GET', '/payment/confirm/%00'],
      ['GET', '/payment/confirm/a%00b'],
      ['POST', '/payment/confirm/%00'],
      ['GET', '/payment/confirm/%ED%A0%80'],
      ['GET', '/payment/confirm/%FF'],
      ['GET', '/checkout/test/%00'],
      ['POST', '/checkout/test/%00/pay'],
      ['POST', '/checkout/test/%00/billing/renew'],
      ['POST', '/checkout/test/cs_x/billing/%00'],
      ['GET', '/checkout/test/authenticate/%00?return=/payment/confirm/x'],
      ['POST', '/checkout/test/authenticate/pi_x/complete?return=/payment/confirm/a%00b'],
      ['GET', '/api/upcoming-deliveries?x=%00'],
    ];
    const before = await database.db.select().from(checkoutSessions);
    const answers = [];
    for (const [method, url] of tried) {
      const answer = await app.inject({ method: method as 'GET', url, headers: form, payload: method === 'POST' ? '' : undefined });
      answers.push([method, url, answer.statusCode]);
    }
    expect(answers).toEqual(tried.map(([method, url]) => [method, url, 400]));
    expect(await database.db.select().from(checkoutSessions)).toEqual(before);
  });

  it('creates a checkout, pays on the test page, and fulfils once with one e-mail', async () => {
    const created = await call(app, 'createCheckoutSession', payload());
    expect(created.statusCode).toBe(200);
    const { url, sessionId } = created.json().result;
    expect(url).toBe(`http://localhost/checkout/test/${sessionId}`);

    expect((await call(app, 'verifyCheckoutSession', { sessionId })).json().result).toEqual({ payment_status: 'unpaid' });
    const page = await app.inject(`/checkout/test/${sessionId}`);
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('Pay $99.00');
    expect(page.body).toContain('January, March');
    expect(page.body).toContain(escapeHtml(`${MONEY_RULE} ${LATER_CHARGES}`));

    const pay = await app.inject({
      method: 'POST',
      url: `/checkout/test/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/confirmation?session_id=${sessionId}`);
    expect((await call(app, 'verifyCheckoutSession', { sessionId })).json().result).toEqual({
      payment_status: 'paid',
      order: {
        firstName: 'Maria',
        plan: 'custom',
        months: [1, 3],
        deliverTo: '215 E 400 S, Apt 3, Salt Lake City, UT 84111',
        firstDelivery: firstDeliveryOf([1, 3]),
        gift: null,
        payments: 'local',
      },
    });
    await app.inject({
      method: 'POST',
      url: `/checkout/test/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

    const rows = await database.db.select().from(subscriptions);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: 'Maria',
      email: 'maria@example.com',
      phone: '8015550101',
      zip: '84111',
      plan: 'custom',
      months: [1, 3],
      deliveryNotes: 'Gate code 4412',
      checkoutSessionId: sessionId,
    });
    expect(rows[0]!.providerSubscriptionId).toMatch(/^sub_local_/);
    await app.emailOutbox.wake();
    // Two e-mails: the confirmation, and the receipt of the first payment.
    const mails = fs.readdirSync(outbox).map((file) => mailText(fs.readFileSync(path.join(outbox, file), 'utf8')));
    expect(mails).toHaveLength(2);
    const text = mails.find((mail) => mail.includes('Subject: Your Monthly Blooms subscription is confirmed'))!;
    expect(text).toContain('To: Maria Lopez <maria@example.com>');
    expect(text).toContain('Months: January, March\n');
    expect(text).toContain(
      `First delivery: ${formatDeliveryDate(firstDeliveryOf([1, 3]).date)} (${formatMonth(firstDeliveryOf([1, 3]).month)})`,
    );
    expect(text).toContain('Payment: Test mode: no card was charged.');
    expect(text).toContain('Delivering to: 215 E 400 S, Apt 3, Salt Lake City, UT 84111\n');
    expect(text).toContain('$99 per delivered month');
    const receipt = mails.find((mail) => /Subject: Your Monthly Blooms receipt R-\d{6}: \$99/.test(mail))!;
    expect(receipt).toContain('To: Maria Lopez <maria@example.com>');
    expect(receipt).toContain('Amount: $99');
    const first = firstDeliveryOf([1, 3]);
    expect(receipt).toContain(`For: ${formatMonth(first.month)} delivery, on ${formatDeliveryDate(first.date, { withYear: true })}`);
    expect(receipt).toContain('Paid with: Visa ending in 4242');
    expect(receipt).toContain('/account');
  });

  it('takes a gift: the buyer gets the receipt, the recipient no e-mail, staff the sender and card message', async () => {
    const gift = payload({
      email: 'mom@example.com',
      first_name: 'Linh',
      last_name: 'Nguyen',
      gift_from_name: 'Tom Nguyen',
      gift_from_email: 'tom@example.com',
      gift_message: 'Happy birthday, Mom!',
    });
    const { sessionId } = (await call(app, 'createCheckoutSession', gift)).json().result;
    await app.inject({
      method: 'POST',
      url: `/checkout/test/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const { order } = (await call(app, 'verifyCheckoutSession', { sessionId })).json().result;
    expect(order.gift).toEqual({ recipient: 'Linh Nguyen', message: 'Happy birthday, Mom!', deliveries: 0, prepaidCents: 0 });
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.checkoutSessionId, sessionId));
    expect(row).toMatchObject({
      email: 'mom@example.com',
      buyerName: 'Tom Nguyen',
      buyerEmail: 'tom@example.com',
      giftMessage: 'Happy birthday, Mom!',
    });

    await app.emailOutbox.wake();
    const mails = fs.readdirSync(outbox).map((file) => mailText(fs.readFileSync(path.join(outbox, file), 'utf8')));
    // The buyer gets the confirmation and the receipt of the payment.
    const toBuyer = mails.filter((mail) => mail.includes('To: Tom Nguyen <tom@example.com>'));
    expect(toBuyer).toHaveLength(2);
    const confirmation = toBuyer.find((mail) => mail.includes('Thank you for your gift of Monthly Blooms to Linh Nguyen!'));
    expect(confirmation).toContain('Card message: Happy birthday, Mom!');
    const receipt = toBuyer.find((mail) => mail.includes('Subject: Your Monthly Blooms receipt'));
    expect(receipt).toContain('Flowers for: Linh Nguyen');
    expect(receipt).toContain('Paid with: Visa ending in 4242');
    expect(mails.filter((mail) => mail.includes('<mom@example.com>'))).toEqual([]);
  });

  it.each([
    [{ gift_from_email: 'tom@example.com' }, 'Please enter your name for the gift.'],
    [{ gift_from_name: 'Tom', gift_from_email: 'tom@' }, 'Please enter a valid email address for your gift receipt.'],
    [{ gift_message: 'From us' }, 'Please enter your name for the gift.'],
  ])('refuses an incomplete gift %j with a message, writing nothing', async (fields, message) => {
    const before = await database.db.select().from(checkoutSessions);
    const response = await call(app, 'createCheckoutSession', payload(fields));
    expect(response.json().error).toEqual({ status: 'INVALID_ARGUMENT', message });
    expect(await database.db.select().from(checkoutSessions)).toEqual(before);
  });

  it('offers, once paid, what charging the next delivery can bring: a decline, a payment, the bank asking for authentication, processing, an answer lost', async () => {
    const yearly = payload({ email: 'billing@example.com', plan: 'yearly', months: 'all' });
    const { sessionId } = (await call(app, 'createCheckoutSession', yearly)).json().result;
    const billing = (action: string) =>
      app.inject({
        method: 'POST',
        url: `/checkout/test/${sessionId}/billing/${action}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
    const statusOf = async () =>
      (await database.db.select().from(subscriptions).where(eq(subscriptions.checkoutSessionId, sessionId)))[0]?.status;

    expect((await billing('fail')).statusCode).toBe(400);
    await app.inject({
      method: 'POST',
      url: `/checkout/test/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect((await app.inject(`/checkout/test/${sessionId}`)).body).toContain('The subscription is now: <strong>Active</strong>');

    const failed = await billing('fail');
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(`/checkout/test/${sessionId}`);
    expect(await statusOf()).toBe('past-due');
    expect((await app.inject(`/checkout/test/${sessionId}`)).body).toMatch(
      /The subscription is now: <strong>Past due from \w+ \d{4}<\/strong>/,
    );
    await billing('renew');
    expect(await statusOf()).toBe('active');
    expect((await billing('cancel')).statusCode).toBe(404);

    // The bank asks for authentication: the subscription waits, and the payer's e-mail links to our page, which
    // sends them to the test bank's page and back.
    expect((await billing('authenticate')).statusCode).toBe(303);
    expect(await statusOf()).toBe('needs-authentication');
    const [asked] = (await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'payment-authentication'))).filter(
      (mail) => mail.recipient.address === 'billing@example.com',
    );
    const path = new URL(/http:\/\/\S+\/payment\/confirm\/\S+/.exec(asked!.text)![0]).pathname;
    // The test checkout page links to it too, for a newcomer with no mail reader.
    expect((await app.inject(`/checkout/test/${sessionId}`)).body).toContain(`<a href="${path}">open it here</a>`);
    const form = { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' };
    const step = await app.inject({ method: 'POST', url: path, ...form });
    expect(step.headers.location).toMatch(/^http:\/\/localhost\/checkout\/test\/authenticate\/pi_local_\w+\?return=/);
    const bank = new URL(step.headers.location as string);
    expect((await app.inject(bank.pathname + bank.search)).body).toContain('Complete authentication');
    // The test bank acts only for whoever holds the charge's confirmation link: another page to return to, or none, is refused.
    for (const back of ['?return=%2Fpayment%2Fconfirm%2Fsomeone-elses', '?return=%2F', '']) {
      expect((await app.inject(`${bank.pathname}${back}`)).statusCode).toBe(404);
      expect((await app.inject({ method: 'POST', url: `${bank.pathname}/complete${back}`, ...form })).statusCode).toBe(404);
    }
    expect(await statusOf()).toBe('needs-authentication');
    const completed = await app.inject({ method: 'POST', url: `${bank.pathname}/complete${bank.search}`, ...form });
    expect(completed.headers.location).toBe(path);
    expect((await app.inject(path)).body).toContain(CHARGE_CONFIRMATION_MESSAGES.paid);
    expect(await statusOf()).toBe('active');

    // Processing waits, active; the answer lost leaves the month unpaid until it is looked up, and then it is paid once.
    const paidCount = async () => (await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'charge'))).length;
    const before = await paidCount();
    await billing('processing');
    expect(await statusOf()).toBe('active');
    expect(await paidCount()).toBe(before);
    await billing('renew');
    expect(await paidCount()).toBe(before + 1);
    await billing('unknown');
    expect(await paidCount()).toBe(before + 1);
    await billing('renew');
    expect(await paidCount()).toBe(before + 2);
    expect(await statusOf()).toBe('active');
  });

  describe('refuses bad payloads with INVALID_ARGUMENT, writing nothing', () => {
    it.each([
      ['an out-of-area ZIP', { zip: '90210' }, SUBSCRIBE_MESSAGES.outOfArea],
      ['a state other than Utah', { state: 'CA' }, 'We only deliver in Utah: state must be UT.'],
      ['a phone that is not 10 digits', { phone: '555012' }, SUBSCRIBE_MESSAGES.invalidPhone],
      ['a bad e-mail', { email: 'maria@example' }, SUBSCRIBE_MESSAGES.invalidEmail],
      ['an e-mail that is a list of addresses', { email: 'jane@example.com,victim@elsewhere.test' }, SUBSCRIBE_MESSAGES.invalidEmail],
      ['an e-mail in display-name form', { email: '"x"<victim@elsewhere.test>@a.bc' }, SUBSCRIBE_MESSAGES.invalidEmail],
      ['a custom plan without months', { months: '' }, SUBSCRIBE_MESSAGES.noMonths],
      ['an unknown month', { months: 'January,Smarch' }, SUBSCRIBE_MESSAGES.noMonths],
      ['a yearly plan with a month list', { plan: 'yearly', months: 'January' }, "months must be 'all' for the yearly plan."],
      ['a missing name', { first_name: ' ' }, 'first_name is required.'],
    ] as [string, Partial<CheckoutPayload>, string][])('%s', async (_, overrides, message) => {
      const before = (await database.db.select().from(checkoutSessions)).length;
      const response = await call(app, 'createCheckoutSession', payload(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { status: 'INVALID_ARGUMENT', message } });
      expect((await database.db.select().from(checkoutSessions)).length).toBe(before);
    });

    it('malformed bodies', async () => {
      const before = (await database.db.select().from(checkoutSessions)).length;
      for (const body of ['{"data":', '[]', '{"nodata":1}', '{"data":null}', '{"data":{"plan":42}}']) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/createCheckoutSession',
          headers: { 'content-type': 'application/json' },
          payload: body,
        });
        expect({ body, status: response.statusCode, callable: response.json().error?.status }).toEqual({
          body,
          status: 400,
          callable: 'INVALID_ARGUMENT',
        });
      }
      expect((await database.db.select().from(checkoutSessions)).length).toBe(before);
    });

    it.each([
      ['a NUL character', 'notes', '"Gate\\u0000code"'],
      ['a lone surrogate', 'first_name', '"Mar\\ud800ia"'],
    ])('%s in a text field', async (_, field, json) => {
      const before = (await database.db.select().from(checkoutSessions)).length;
      // Written as raw JSON: the escapes reach the server exactly as an attacker sends them.
      const body = JSON.stringify({ data: payload() }).replace(new RegExp(`"${field}":"[^"]*"`), `"${field}":${json}`);
      const response = await app.inject({
        method: 'POST',
        url: '/api/createCheckoutSession',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          status: 'INVALID_ARGUMENT',
          message: `${field} contains a character that is not allowed (NUL or a broken Unicode character).`,
        },
      });
      expect((await database.db.select().from(checkoutSessions)).length).toBe(before);
    });

    it('a body nested deeper than any request, public callable or REST route alike', async () => {
      const before = (await database.db.select().from(checkoutSessions)).length;
      // Within the checkout's 16 KB: deep enough that walking it by recursion overflowed the stack.
      const deep = `${'['.repeat(8000)}${']'.repeat(8000)}`;
      const headers = { 'content-type': 'application/json' };
      const checkout = await app.inject({ method: 'POST', url: '/api/createCheckoutSession', headers, payload: `{"data":${deep}}` });
      expect(checkout.statusCode).toBe(400);
      expect(checkout.json()).toEqual({
        error: { status: 'INVALID_ARGUMENT', message: 'The request is nested too deeply (at most 32 levels).' },
      });
      const link = await app.inject({
        method: 'POST',
        url: '/api/account/sign-in-link',
        headers,
        payload: `{"email":${deep.slice(7000, 9000)}}`,
      });
      expect(link.statusCode).toBe(400);
      expect(link.json()).toEqual({ error: 'invalid-argument', message: 'The request is nested too deeply (at most 32 levels).' });
      // Brackets inside text are text, not nesting.
      const inText = await call(app, 'createCheckoutSession', payload({ notes: '['.repeat(500) }));
      expect(inText.statusCode).toBe(200);
      expect((await database.db.select().from(checkoutSessions)).length).toBe(before + 1);
    });

    it('an oversized body', async () => {
      const before = (await database.db.select().from(checkoutSessions)).length;
      const response = await call(app, 'createCheckoutSession', payload({ notes: 'x'.repeat(20_000) }));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'The request is too large.' } });
      expect((await database.db.select().from(checkoutSessions)).length).toBe(before);
    });
  });

  it('answers NOT_FOUND for a session nobody started', async () => {
    const response = await call(app, 'verifyCheckoutSession', { sessionId: 'cs_test_local_nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.status).toBe('NOT_FOUND');
  });
});
