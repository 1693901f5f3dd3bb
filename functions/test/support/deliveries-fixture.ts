// The deliveries tests' world: a migrated database, the backend with a photo folder, three
// subscriptions submitted a minute apart, an admin and two drivers signed in, and the calls they make.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { deliveries, subscriptions, users } from '../../src/db/schema';
import { localBlobStore } from '../../src/infrastructure/blob-store';
import { createMigratedDatabase, type DatabaseKind, type TestDatabase } from './databases';
import { signInWithGoogle } from './identities';
import { startTestServer } from './test-server';
import { addSubscription, addUser, multipart } from './fixtures';

export const NOV = '2026-11';
export const DEC = '2026-12';

export type Who = 'visitor' | 'admin' | 'ella' | 'finn' | 'stranger';

export function deliveriesFixture(kind: DatabaseKind) {
  const fx = {
    database: null as unknown as TestDatabase,
    app: null as unknown as FastifyInstance,
    blobDir: '',
    token: {} as Record<string, string>,
    ids: { yearly: '', custom: '', older: '' },
    ellaId: '',
  };

  beforeAll(async () => {
    fx.database = await createMigratedDatabase(kind);
    fx.blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-test-blobs-'));
    fx.app = await startTestServer(fx.database, { blobs: localBlobStore(fx.blobDir) });
    for (const [who, email] of [
      ['admin', 'ada@blooms.example'],
      ['ella', 'ella@blooms.example'],
      ['finn', 'finn@blooms.example'],
      ['stranger', 'stranger@elsewhere.example'],
    ] as const) {
      fx.token[who] = (await signInWithGoogle(email)).idToken;
    }
  });

  beforeEach(async () => {
    await fx.database.db.delete(subscriptions);
    await fx.database.db.delete(users);
    await addUser(fx.database.db, 'Ada Admin', 'ada@blooms.example', 'admin');
    fx.ellaId = (await addUser(fx.database.db, 'Ella Driver', 'ella@blooms.example')).id;
    await addUser(fx.database.db, 'Finn Driver', 'finn@blooms.example');
    const older = await addSubscription(fx.database.db, { firstName: 'Olive' });
    const custom = await addSubscription(fx.database.db, {
      firstName: 'Cora',
      plan: 'custom',
      months: [11],
      deliveryNotes: 'x'.repeat(80),
    });
    const yearly = await addSubscription(fx.database.db, { firstName: 'Yara' });
    // Submitted a minute apart, in this order: the list shows the newest first.
    for (const [minutesAgo, row] of [older, custom, yearly].reverse().entries()) {
      await fx.database.db
        .update(subscriptions)
        .set({ createdAt: new Date(Date.now() - (minutesAgo + 1) * 60_000) })
        .where(eq(subscriptions.id, row.id));
    }
    fx.ids = { yearly: yearly.id, custom: custom.id, older: older.id };
  });

  afterAll(async () => {
    await fx.app.close();
    await fx.database.destroy();
    fs.rmSync(fx.blobDir, { recursive: true, force: true });
  });

  const auth = (who: Who) => (who === 'visitor' ? {} : { authorization: `Bearer ${fx.token[who]}` });
  const get = (who: Who, url: string) => fx.app.inject({ method: 'GET', url, headers: auth(who) });
  const post = (who: Who, url: string, payload: object) => fx.app.inject({ method: 'POST', url, headers: auth(who), payload });
  const advance = (who: Who, subscriptionId: string, expectedStatus: string, month = NOV) =>
    post(who, '/api/deliveries/status', { subscriptionId, month, expectedStatus });
  const assign = (who: Who, subscriptionIds: string[], assigneeEmail: string, month = NOV) =>
    post(who, '/api/deliveries/assign', { month, subscriptionIds, assigneeEmail });
  const proof = (who: Who, fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) => {
    const body = multipart(fields, file);
    return fx.app.inject({
      method: 'POST',
      url: '/api/deliveries/proof',
      headers: { ...auth(who), ...body.headers },
      payload: body.payload,
    });
  };
  const stored = async () => fx.database.db.select().from(deliveries).orderBy(deliveries.subscriptionId, deliveries.month);
  const row = async (subscriptionId: string, month = NOV) =>
    (
      await fx.database.db
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.subscriptionId, subscriptionId), eq(deliveries.month, month)))
    )[0];
  const outForDelivery = async (subscriptionId: string) => {
    await assign('admin', [subscriptionId], 'ella@blooms.example');
    expect((await advance('admin', subscriptionId, 'not-started')).statusCode).toBe(200);
  };

  return { fx, auth, get, post, advance, assign, proof, stored, row, outForDelivery };
}
