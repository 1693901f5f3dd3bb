import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { addMonths, formatMonth } from '@blooms/shared/contract/months';
import { actorText, describeHistoryEvent, type SubscriptionHistory } from '@blooms/shared/contract/subscription-history';
import { eq } from 'drizzle-orm';
import { API } from '@blooms/shared/contract/api-routes';
import { pathOf } from '@blooms/shared/contract/api-route';

const historyUrl = (id: string) => pathOf(API.subscriptionHistory, { id });
import { chargeAttempts, users } from '../src/db/schema';
import { localBlobStore } from '../src/infrastructure/blob-store';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { startTestServer } from './support/test-server';
import { subscribeThroughTestCheckout } from './support/checkout';
import { firstDeliveryOf, IMAGES, multipart } from './support/fixtures';
import { signInWithGoogle } from './support/identities';

const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

describe.each(DATABASE_KINDS)("a subscription's history for admins, on %s", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let admin = '';
  let employee = '';
  let subscriptionId = '';
  let otherId = '';
  const first = firstDeliveryOf(ALL).month;
  const delivered = addMonths(first, 1);
  const skipped = addMonths(first, 3);

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const history = async (id = subscriptionId) => {
    const response = await app.inject({ url: historyUrl(id), headers: as(admin) });
    expect(response.statusCode).toBe(200);
    return response.json() as SubscriptionHistory;
  };

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    app = await startTestServer(database, { blobs: localBlobStore(fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-history-photos-'))) });
    await database.db.insert(users).values([
      { name: 'Bea Boss', email: `boss-${kind}@blooms.example`, role: 'admin' },
      { name: 'Ella Driver', email: `ella-${kind}@blooms.example`, role: 'employee' },
    ]);
    admin = (await signInWithGoogle(`boss-${kind}@blooms.example`)).idToken;
    employee = (await signInWithGoogle(`ella-${kind}@blooms.example`)).idToken;

    // Rosa subscribes, skips a month from her account; Ella is given next month's stop and
    // leaves the vase at the door with a photo; a boss sets it back, then a charge is declined.
    const row = await subscribeThroughTestCheckout(app, database.db, `rosa-${kind}@example.com`, ALL);
    subscriptionId = row.id;
    otherId = (await subscribeThroughTestCheckout(app, database.db, `other-${kind}@example.com`, ALL)).id;
    const rosa = (await signInWithGoogle(`rosa-${kind}@example.com`)).idToken;
    expect(
      (await app.inject({ method: 'PUT', url: `/api/account/subscriptions/${subscriptionId}/skips/${skipped}`, headers: as(rosa) }))
        .statusCode,
    ).toBe(200);
    const post = (token: string, url: string, payload: object) => app.inject({ method: 'POST', url, headers: as(token), payload });
    expect(
      (
        await post(admin, '/api/deliveries/assign', {
          month: delivered,
          subscriptionIds: [subscriptionId],
          assigneeEmail: `ella-${kind}@blooms.example`,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await post(employee, '/api/deliveries/status', { subscriptionId, month: delivered, expectedStatus: 'not-started' })).statusCode,
    ).toBe(200);
    const door = multipart(
      { subscriptionId, month: delivered, method: 'door' },
      { name: 'door.jpg', type: 'image/jpeg', data: IMAGES.jpeg },
    );
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/deliveries/proof',
          headers: { ...as(employee), ...door.headers },
          payload: door.payload,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await post(admin, '/api/deliveries/status', { subscriptionId, month: delivered, expectedStatus: 'delivered' })).statusCode,
    ).toBe(200);
    await database.db
      .insert(chargeAttempts)
      .values({ subscriptionId, month: addMonths(first, 2), attempt: 1, outcome: 'declined', reason: 'Your card has insufficient funds.' });
    await app.emailOutbox.wake();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('tells what happened, newest first, in words, with who did it', async () => {
    const { subscription, events } = await history();
    expect(subscription).toMatchObject({ id: subscriptionId, name: 'Rosa Diaz', email: `rosa-${kind}@example.com`, status: 'active' });
    const told = events.map((event) => {
      const { title, by } = describeHistoryEvent(event);
      return by ? `${title} | ${actorText(by)}` : title;
    });
    const [bea, ella] = [`Bea Boss (boss-${kind}@blooms.example)`, `Ella Driver (ella-${kind}@blooms.example)`];
    expect(told).toEqual([
      expect.stringMatching(/^Charge for .+ declined$/),
      `${formatMonth(delivered)} delivery: Delivered to Not Started (its door photo taken off) | ${bea}`,
      `E-mail: Your ${formatMonth(delivered)} flowers are at the door`,
      `${formatMonth(delivered)} delivery: Delivered: left at the door, with a photo | ${ella}`,
      'E-mail: Your Monthly Blooms flowers are on the way',
      `${formatMonth(delivered)} delivery: Not Started to Out For Delivery | ${ella}`,
      `${formatMonth(delivered)} delivery: Assigned to Ella Driver | ${bea}`,
      expect.stringMatching(/^E-mail: /),
      `Skipped ${formatMonth(skipped)} | rosa-${kind}@example.com`,
      expect.stringMatching(/^E-mail: Your Monthly Blooms receipt R-\d{6}: \$99$/),
      'E-mail: Your Monthly Blooms subscription is confirmed',
      `Paid $99 for ${formatMonth(first)}`,
      `Subscribed to the Yearly plan | Rosa Diaz (rosa-${kind}@example.com), test checkout`,
    ]);
    expect(events.find((event) => event.kind === 'email' && event.subject.startsWith('Your Monthly Blooms subscription'))).toMatchObject({
      state: 'sent',
      attempts: 1,
    });
    expect(JSON.stringify(events)).not.toContain(`other-${kind}@example.com`);
  });

  it("names who did it by the letters of their name, with their e-mail beside it: one staff member's entries never read as another's", async () => {
    // A name written before names were checked: another's, behind a right-to-left override.
    await database.db
      .update(users)
      .set({ name: '\u202EBea Boss\u202C' })
      .where(eq(users.email, `ella-${kind}@blooms.example`));
    try {
      const shown = (await history()).events.flatMap((event) => {
        const { by } = describeHistoryEvent(event);
        return by?.kind === 'staff' ? [actorText(by)] : [];
      });
      expect(new Set(shown)).toEqual(new Set([`Bea Boss (boss-${kind}@blooms.example)`, `Bea Boss (ella-${kind}@blooms.example)`]));
    } finally {
      await database.db
        .update(users)
        .set({ name: 'Ella Driver' })
        .where(eq(users.email, `ella-${kind}@blooms.example`));
    }
  });

  it('shows the door photo, even once taken off its delivery, to admins only', async () => {
    const photos = (await history()).events.flatMap((event) => (event.kind === 'delivery' && event.photoUrl ? [event.photoUrl] : []));
    expect(photos).toHaveLength(1);
    const photo = await app.inject({ url: photos[0]!, headers: as(admin) });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.equals(IMAGES.jpeg)).toBe(true);
    expect((await app.inject({ url: photos[0]!, headers: as(employee) })).statusCode).toBe(403);
    // The same event through another subscription is not there.
    expect((await app.inject({ url: photos[0]!.replace(subscriptionId, otherId), headers: as(admin) })).statusCode).toBe(404);
  });

  it('is for admins: employees and strangers are refused, an unknown subscription is not found', async () => {
    expect((await app.inject({ url: historyUrl(subscriptionId), headers: as(employee) })).statusCode).toBe(403);
    expect((await app.inject({ url: historyUrl(subscriptionId) })).statusCode).toBe(401);
    expect((await app.inject({ url: historyUrl('3f1d2c9e-0000-4000-8000-000000000000'), headers: as(admin) })).statusCode).toBe(404);
    expect((await app.inject({ url: historyUrl('not-an-id'), headers: as(admin) })).json()).toMatchObject({
      message: 'There is no such subscription.',
    });
  });
});
