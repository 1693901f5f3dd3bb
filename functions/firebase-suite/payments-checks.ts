// Checks on a deployment that takes real payments (Stripe's API stood in for locally): what
// only Cloud Functions can get wrong about the API, the webhook, photos and the live feed.
import sharp from 'sharp';
import Stripe from 'stripe';
import { buildCheckoutPayload, EMPTY_SUBSCRIBE_FORM } from '@blooms/shared/contract/subscribe';
import { sseDataParser } from '@blooms/shared/contract/sse';
import { firstDeliveryMonth } from '../test/support/first-delivery-month';
import type { EmulatorStack } from '../deploy/emulator-stack';
import type { startFakeStripe } from '../test/support/fake-stripe';
import { check, expectEqual, expectTrue, fetch, signIn, timings, waitFor } from './support';

export const PAYMENTS_ADMIN = 'admin@blooms.example';
export const WEBHOOK_SECRET = 'whsec_firebase_suite';
const BUCKET = 'blooms-photos';

export async function paymentsChecks(stack: EmulatorStack, stripe: Awaited<ReturnType<typeof startFakeStripe>>): Promise<void> {
  const host = stack.siteUrl('host');
  const adminToken = await signIn(stack.authHost, PAYMENTS_ADMIN);
  const asAdmin = { Authorization: `Bearer ${adminToken}` };

  await check('/api/me with an Auth-emulator token; refused without one', async () => {
    const me = await fetch(`${host}/api/me`, { headers: asAdmin });
    expectEqual(me.status, 200, 'status');
    const body = (await me.json()) as { email: string; role: string };
    expectEqual([body.email, body.role], [PAYMENTS_ADMIN, 'admin'], 'who');
    expectEqual((await fetch(`${host}/api/me`)).status, 401, 'status without a token');
  });

  let sessionId = '';
  await check('both callables keep the callable protocol (result / error.status)', async () => {
    const payload = buildCheckoutPayload({
      ...EMPTY_SUBSCRIBE_FORM,
      firstName: 'Rosa',
      lastName: 'Firebase',
      email: 'rosa@example.com',
      phone: '(801) 555-0199',
      address: '215 E 400 S',
      city: 'Salt Lake City',
      zip: '84111',
    });
    const created = await fetch(`${host}/api/createCheckoutSession`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: payload }),
    });
    const createdBody = (await created.json()) as { result?: { url: string; sessionId: string }; error?: unknown };
    expectEqual(created.status, 200, `createCheckoutSession status (${JSON.stringify(createdBody)})`);
    sessionId = createdBody.result!.sessionId;
    expectTrue(createdBody.result!.url.startsWith('https://checkout.stripe.test/'), 'a Stripe Checkout URL');
    const missing = await fetch(`${host}/api/verifyCheckoutSession`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { sessionId: 'cs_test_missing' } }),
    });
    expectEqual(((await missing.json()) as { error: { status: string } }).error.status, 'NOT_FOUND', 'verify of an unknown session');
  });

  await check(
    'a signed Stripe webhook fulfils the order (one subscription, one e-mail from the outbox function); a forged one is refused',
    async () => {
      const session = stripe.sessions.get(sessionId)!;
      const paid = { ...session, payment_status: 'paid', status: 'complete' };
      const body = JSON.stringify({
        id: 'evt_firebase_suite',
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: paid },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
      const forged = await fetch(`${host}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body: body.replace('paid', 'PAID'),
      });
      expectEqual(forged.status, 400, 'forged webhook status');
      for (let i = 0; i < 2; i++) {
        const signed = await fetch(`${host}/api/stripe/webhook`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
          body,
        });
        expectEqual(signed.status, 200, 'signed webhook status');
      }
      const rosas = (subject: string) =>
        stack.mail.received.filter((mail) => mail.to.includes('rosa@example.com') && mail.raw.includes(`Subject: ${subject}`)).length;
      await waitFor(() => rosas('Your Monthly Blooms subscription is confirmed') > 0, 30_000, 'the confirmation e-mail');
      await waitFor(() => rosas('Your Monthly Blooms receipt') > 0, 30_000, 'the receipt e-mail');
      // Another scheduled run or two must not send either again.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expectEqual(rosas('Your Monthly Blooms subscription is confirmed'), 1, 'confirmation e-mails');
      expectEqual(rosas('Your Monthly Blooms receipt'), 1, 'receipt e-mails');
    },
  );

  // The month a subscription paid today first delivers in (the subscribe page's first delivery): staff work on it.
  const month = await firstDeliveryMonth(host);
  let subscriptionId = '';
  await check('a delivery photo goes to Cloud Storage and comes back byte-identical', async () => {
    const list = await fetch(`${host}/api/subscriptions?month=${month}`, { headers: asAdmin });
    const rows = ((await list.json()) as { rows?: { id: string; email: string }[] }).rows ?? [];
    subscriptionId = rows.find((row) => row.email === 'rosa@example.com')?.id ?? '';
    expectTrue(Boolean(subscriptionId), `the new subscription is listed (${list.status})`);
    // A real photo of over a hundred KB: noise does not compress.
    const photo = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    const form = new FormData();
    form.set('subscriptionId', subscriptionId);
    form.set('month', month);
    form.set('method', 'door');
    form.set('photo', new Blob([photo], { type: 'image/jpeg' }), 'door.jpg');
    const out = await fetch(`${host}/api/deliveries/status`, {
      method: 'POST',
      headers: { ...asAdmin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ subscriptionId, month, expectedStatus: 'not-started' }),
    });
    expectEqual(out.status, 200, 'out for delivery');
    const proof = await fetch(`${host}/api/deliveries/proof`, { method: 'POST', headers: asAdmin, body: form });
    expectEqual(proof.status, 200, `proof upload status (${proof.status === 200 ? '' : await proof.text()})`);
    expectTrue(
      [...stack.storage.objects.keys()].some((key) => key.startsWith(`${BUCKET}/deliveries/${subscriptionId}/`)),
      'the photo is in the bucket',
    );
    const back = await fetch(`${host}/api/deliveries/${subscriptionId}/${month}/proof`, { headers: asAdmin });
    expectEqual(back.status, 200, 'photo status');
    expectTrue(Buffer.from(await back.arrayBuffer()).equals(photo), 'the photo comes back byte for byte');
    expectEqual((await fetch(`${host}/api/deliveries/${subscriptionId}/${month}/proof`)).status, 401, 'photo without sign-in');
  });

  await check('the live function streams changes to the site, and only to the site (CORS)', async () => {
    const liveUrl = `${stack.functionUrl('live')}/api/live`;
    const stranger = await fetch(liveUrl, {
      method: 'OPTIONS',
      headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'GET' },
    });
    expectEqual(stranger.headers.get('access-control-allow-origin'), null, 'CORS for another origin');
    const abort = new AbortController();
    const response = await fetch(liveUrl, { headers: { ...asAdmin, Origin: host }, signal: abort.signal });
    expectEqual(response.status, 200, 'stream status');
    expectEqual(response.headers.get('access-control-allow-origin'), host, `CORS for the site (${JSON.stringify([...response.headers])})`);
    const events: { type: string }[] = [];
    const parse = sseDataParser((data) => events.push(JSON.parse(data) as { type: string }));
    const reader = response.body!.getReader();
    let received = '';
    const reading = (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) break;
        const text = decoder.decode(value, { stream: true });
        received += text;
        parse(text);
      }
    })();
    // The stream says it is connected once it follows the feed.
    await waitFor(() => received.includes(': connected'), 10_000, 'the stream to connect');
    const changed = Date.now();
    const reset = await fetch(`${host}/api/deliveries/status`, {
      method: 'POST',
      headers: { ...asAdmin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ subscriptionId, month, expectedStatus: 'delivered' }),
    });
    expectEqual(reset.status, 200, `status change (${reset.status === 200 ? '' : await reset.text()})`);
    await waitFor(() => events.some((event) => event.type !== 'resync'), 5_000, 'a live event');
    timings.liveEvent = `${Date.now() - changed} ms from the API's answer to the event on the live function`;
    abort.abort();
    await reading;
  });
}
