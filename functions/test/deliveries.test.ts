import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { deliveries, deliveryEvents, subscriptions, users } from '../src/db/schema';
import sharp from 'sharp';
import { deliveryHistory } from '../src/services/deliveries';
import { MATCH_COUNT_LIMIT } from '@blooms/shared/contract/deliveries';
import { localBlobStore } from '../src/infrastructure/blob-store';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { signInWithGoogle } from './support/identities';
import { startTestServer } from './support/test-server';
import { addSubscription, addUser, declaringSize, IMAGES, multipart } from './support/fixtures';

const NOV = '2026-11';
const DEC = '2026-12';

describe.each(DATABASE_KINDS)('deliveries on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let blobDir: string;
  const token: Record<string, string> = {};
  let ids: { yearly: string; custom: string; older: string };
  let ellaId = '';

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-test-blobs-'));
    app = await startTestServer(database, { blobs: localBlobStore(blobDir) });
    for (const [who, email] of [
      ['admin', 'ada@blooms.example'],
      ['ella', 'ella@blooms.example'],
      ['finn', 'finn@blooms.example'],
      ['stranger', 'stranger@elsewhere.example'],
    ] as const) {
      token[who] = (await signInWithGoogle(email)).idToken;
    }
  });

  beforeEach(async () => {
    await database.db.delete(subscriptions);
    await database.db.delete(users);
    await addUser(database.db, 'Ada Admin', 'ada@blooms.example', 'admin');
    ellaId = (await addUser(database.db, 'Ella Driver', 'ella@blooms.example')).id;
    await addUser(database.db, 'Finn Driver', 'finn@blooms.example');
    const older = await addSubscription(database.db, { firstName: 'Olive' });
    const custom = await addSubscription(database.db, { firstName: 'Cora', plan: 'custom', months: [11], deliveryNotes: 'x'.repeat(80) });
    const yearly = await addSubscription(database.db, { firstName: 'Yara' });
    // Submitted a minute apart, in this order: the list shows the newest first.
    for (const [minutesAgo, row] of [older, custom, yearly].reverse().entries()) {
      await database.db
        .update(subscriptions)
        .set({ createdAt: new Date(Date.now() - (minutesAgo + 1) * 60_000) })
        .where(eq(subscriptions.id, row.id));
    }
    ids = { yearly: yearly.id, custom: custom.id, older: older.id };
  });

  afterAll(async () => {
    await app.close();
    await database.destroy();
    fs.rmSync(blobDir, { recursive: true, force: true });
  });

  type Who = 'visitor' | 'admin' | 'ella' | 'finn' | 'stranger';
  const auth = (who: Who) => (who === 'visitor' ? {} : { authorization: `Bearer ${token[who]}` });
  const get = (who: Who, url: string) => app.inject({ method: 'GET', url, headers: auth(who) });
  const post = (who: Who, url: string, payload: object) => app.inject({ method: 'POST', url, headers: auth(who), payload });
  const advance = (who: Who, subscriptionId: string, expectedStatus: string, month = NOV) =>
    post(who, '/api/deliveries/status', { subscriptionId, month, expectedStatus });
  const assign = (who: Who, subscriptionIds: string[], assigneeEmail: string, month = NOV) =>
    post(who, '/api/deliveries/assign', { month, subscriptionIds, assigneeEmail });
  const proof = (who: Who, fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) => {
    const body = multipart(fields, file);
    return app.inject({ method: 'POST', url: '/api/deliveries/proof', headers: { ...auth(who), ...body.headers }, payload: body.payload });
  };
  const stored = async () => database.db.select().from(deliveries).orderBy(deliveries.subscriptionId, deliveries.month);
  const row = async (subscriptionId: string, month = NOV) =>
    (
      await database.db
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.subscriptionId, subscriptionId), eq(deliveries.month, month)))
    )[0];
  const outForDelivery = async (subscriptionId: string) => {
    await assign('admin', [subscriptionId], 'ella@blooms.example');
    expect((await advance('admin', subscriptionId, 'not-started')).statusCode).toBe(200);
  };

  describe('authorization', () => {
    const requests = (who: Who) => [
      get(who, `/api/subscriptions?month=${NOV}`),
      get(who, `/api/my-deliveries?month=${NOV}`),
      get(who, '/api/staff'),
      advance(who, ids.yearly, 'not-started'),
      assign(who, [ids.older], 'finn@blooms.example'),
      proof(who, { subscriptionId: ids.custom, month: NOV, method: 'hand' }),
      get(who, `/api/deliveries/${ids.custom}/${NOV}/proof`),
    ];

    it.each([
      ['visitor', 401],
      ['stranger', 403],
    ] as const)('refuses a %s on every endpoint with %i and writes nothing', async (who, status) => {
      const responses = await Promise.all(requests(who));
      expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => status));
      expect(await stored()).toEqual([]);
    });

    it('lets an employee and an admin read, change status and assign', async () => {
      for (const who of ['ella', 'admin'] as const) {
        expect((await get(who, `/api/subscriptions?month=${NOV}`)).statusCode).toBe(200);
        expect((await get(who, `/api/my-deliveries?month=${NOV}`)).statusCode).toBe(200);
        expect((await get(who, '/api/staff')).statusCode).toBe(200);
      }
      expect((await advance('ella', ids.yearly, 'not-started')).statusCode).toBe(200);
      expect((await assign('ella', [ids.older], 'finn@blooms.example')).statusCode).toBe(200);
    });

    it('lets only the assignee or an admin record proof', async () => {
      await outForDelivery(ids.custom);
      expect((await proof('finn', { subscriptionId: ids.custom, month: NOV, method: 'hand' })).statusCode).toBe(403);
      expect((await row(ids.custom))?.status).toBe('out-for-delivery');
      expect((await proof('ella', { subscriptionId: ids.custom, month: NOV, method: 'hand' })).statusCode).toBe(200);
      await outForDelivery(ids.yearly);
      expect((await proof('admin', { subscriptionId: ids.yearly, month: NOV, method: 'hand' })).statusCode).toBe(200);
    });
  });

  describe('the month list', () => {
    it('lists every subscription newest first with its delivery for the month', async () => {
      const list = (await get('ella', `/api/subscriptions?month=${NOV}`)).json().rows;
      expect(list.map((s: { firstName: string }) => s.firstName)).toEqual(['Yara', 'Cora', 'Olive']);
      expect(list[1]).toMatchObject({
        delivery: { month: NOV, scheduled: true, status: 'not-started', assignedTo: null, assigneeName: null, proofImageUrl: null },
      });
    });

    it('sends staff only the fields staff screens show', async () => {
      const [first] = (await get('ella', `/api/subscriptions?month=${NOV}`)).json().rows;
      expect(Object.keys(first).sort()).toEqual(
        [
          'id',
          'firstName',
          'lastName',
          'email',
          'phone',
          'address',
          'unit',
          'city',
          'state',
          'zip',
          'deliveryNotes',
          'buyerName',
          'giftMessage',
          'createdAt',
          'lifecycle',
          'delivery',
        ].sort(),
      );
      expect(Object.keys(first.lifecycle).sort()).toEqual(['endsAfter', 'status', 'statusFrom']);
    });

    it('says when a custom plan has no delivery in the month', async () => {
      const list = (await get('ella', `/api/subscriptions?month=${DEC}`)).json().rows;
      expect(list.find((s: { id: string }) => s.id === ids.custom).delivery.scheduled).toBe(false);
      expect(list.find((s: { id: string }) => s.id === ids.yearly).delivery.scheduled).toBe(true);
    });

    it("keeps each month's status and assignee to itself", async () => {
      await assign('admin', [ids.yearly], 'ella@blooms.example', NOV);
      await advance('admin', ids.yearly, 'not-started', NOV);
      await advance('admin', ids.yearly, 'out-for-delivery', NOV);
      const dec = (await get('ella', `/api/subscriptions?month=${DEC}`)).json().rows;
      expect(dec.find((s: { id: string }) => s.id === ids.yearly).delivery).toMatchObject({ status: 'not-started', assignedTo: null });
      const nov = (await get('ella', `/api/subscriptions?month=${NOV}`)).json().rows;
      expect(nov.find((s: { id: string }) => s.id === ids.yearly).delivery).toMatchObject({
        status: 'delivered',
        assignedTo: 'ella@blooms.example',
        assigneeName: 'Ella Driver',
      });
    });

    it('pages newest first with a cursor and says how many there are in all', async () => {
      const first = (await get('ella', `/api/subscriptions?month=${NOV}&limit=2`)).json();
      expect(first.rows.map((r: { firstName: string }) => r.firstName)).toEqual(['Yara', 'Cora']);
      expect(first.total).toBe(3);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = (await get('ella', `/api/subscriptions?month=${NOV}&limit=2&cursor=${first.nextCursor}`)).json();
      expect(second.rows.map((r: { firstName: string }) => r.firstName)).toEqual(['Olive']);
      expect(second.nextCursor).toBeNull();
      // After the last row (as when the rest were deleted since the last page): no rows, the total still right.
      const last = second.rows[0] as { id: string; createdAt: string };
      const pastTheEnd = (
        await get(
          'ella',
          `/api/subscriptions?month=${NOV}&limit=2&cursor=${Buffer.from(JSON.stringify({ sort: 'newest', key: [last.createdAt, last.id] })).toString('base64url')}`,
        )
      ).json();
      expect(pastTheEnd).toEqual({ rows: [], nextCursor: null, total: 3 });
    });

    it.each([
      ['limit=0', 'limit must be a number from 1 to 500.'],
      ['limit=501', 'limit must be a number from 1 to 500.'],
      ['limit=ten', 'limit must be a number from 1 to 500.'],
      ['cursor=bm9wZQ', 'cursor is not one this server gave out.'],
      // Forged: the right shape, but an id of dashes and a date PostgreSQL cannot hold.
      [
        `cursor=${Buffer.from(JSON.stringify({ sort: 'newest', key: ['2026-01-01T00:00:00.000Z', '-'.repeat(36)] })).toString('base64url')}`,
        'cursor is not one this server gave out.',
      ],
      [
        `cursor=${Buffer.from(JSON.stringify({ sort: 'newest', key: ['+275760-09-13T00:00:00.000Z', '0b9a3c1e-5f1d-4c1e-8a2b-1d2e3f4a5b6c'] })).toString('base64url')}`,
        'cursor is not one this server gave out.',
      ],
      ['cursor=%00', 'cursor contains a character that is not allowed (NUL or a broken Unicode character).'],
    ])('refuses the page %s with 400', async (query, message) => {
      const response = await get('ella', `/api/subscriptions?month=${NOV}&${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    });

    it.each(['2026-13', 'november', '', '2026-1'])('refuses the month %j with 400 naming the field', async (month) => {
      const response = await get('ella', `/api/subscriptions?month=${month}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^month /);
    });
  });

  describe("the dashboard's search, filters, order and CSV export", () => {
    const names = async (query: string) => {
      const response = await get('ella', `/api/subscriptions?month=${NOV}&${query}`);
      expect(response.statusCode).toBe(200);
      return response.json().rows.map((row: { firstName: string }) => row.firstName);
    };

    beforeEach(async () => {
      await database.db
        .update(subscriptions)
        .set({ lastName: 'Zeller', city: 'Provo', zip: '84601', phone: '8015559876', email: 'yara@home.example' })
        .where(eq(subscriptions.id, ids.yearly));
      await database.db
        .update(subscriptions)
        .set({ lastName: 'Abbott', address: '12 Cherry Lane' })
        .where(eq(subscriptions.id, ids.custom));
      await database.db.update(subscriptions).set({ zip: '84102' }).where(eq(subscriptions.id, ids.older));
    });

    it('finds the beginning of a name, e-mail, phone number as typed, address, street, city or ZIP, and counts what it found', async () => {
      expect(await names('q=yara%20zel')).toEqual(['Yara']);
      expect(await names('q=YA')).toEqual(['Yara']);
      expect(await names('q=zel')).toEqual(['Yara']);
      expect(await names('q=abb')).toEqual(['Cora']);
      expect(await names('q=yara@')).toEqual(['Yara']);
      expect(await names('q=yara@home.ex')).toEqual(['Yara']);
      expect(await names('q=(801)%20555-98')).toEqual(['Yara']);
      expect(await names('q=801555')).toEqual(['Yara', 'Cora', 'Olive']);
      expect(await names('q=cherry')).toEqual(['Cora']);
      expect(await names('q=12%20cherry%20l')).toEqual(['Cora']);
      expect(await names('q=provo')).toEqual(['Yara']);
      expect(await names('q=8410')).toEqual(['Cora', 'Olive']);
      expect(await names('q=84102')).toEqual(['Olive']);
      expect((await get('ella', `/api/subscriptions?month=${NOV}&q=8410`)).json().total).toBe(2);
    });

    // Dispatchers type beginnings; "contains anywhere" also matched every customer of one mail provider.
    it.each(['erry', 'home.example', 'ara', '555-98', '9876', '50%25', '_ara', 'ya%25a'])(
      'does not find %j, which begins no name, e-mail, number, address or ZIP',
      async (q) => {
        expect(await names(`q=${q}`)).toEqual([]);
      },
    );

    it('counts a narrowed view only up to MATCH_COUNT_LIMIT + 1, and every subscription when nothing narrows it', async () => {
      const [template] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, ids.older));
      const { id: _id, createdAt: _at, ...fields } = template!;
      await database.db
        .insert(subscriptions)
        .values(Array.from({ length: MATCH_COUNT_LIMIT + 5 }, (_, i) => ({ ...fields, email: `many${i}@example.com`, city: 'Ogden' })));
      const narrowed = (await get('ella', `/api/subscriptions?month=${NOV}&city=ogden`)).json();
      expect(narrowed.total).toBe(MATCH_COUNT_LIMIT + 1);
      expect(narrowed.rows).toHaveLength(100);
      const nextPage = (await get('ella', `/api/subscriptions?month=${NOV}&city=ogden&cursor=${narrowed.nextCursor}`)).json();
      expect(nextPage.total).toBe(MATCH_COUNT_LIMIT + 1);
      expect((await get('ella', `/api/subscriptions?month=${NOV}`)).json().total).toBe(MATCH_COUNT_LIMIT + 5 + 3);
      expect((await get('ella', `/api/subscriptions?month=${NOV}&city=provo`)).json().total).toBe(1);
    });

    it('filters by status, assignee, the month being in the plan, and city', async () => {
      await assign('admin', [ids.custom], 'ella@blooms.example');
      await advance('admin', ids.custom, 'not-started');
      expect(await names('status=out-for-delivery')).toEqual(['Cora']);
      expect(await names('status=not-started')).toEqual(['Yara', 'Olive']);
      expect(await names('assignee=ELLA@blooms.example')).toEqual(['Cora']);
      expect(await names('assignee=unassigned')).toEqual(['Yara', 'Olive']);
      const dec = (await get('ella', `/api/subscriptions?month=${DEC}&scheduled=no`)).json().rows;
      expect(dec.map((row: { firstName: string }) => row.firstName)).toEqual(['Cora']);
      expect(await names('scheduled=yes&city=provo')).toEqual(['Yara']);
    });

    it('orders by last name or ZIP, paging with a cursor for that order', async () => {
      expect(await names('sort=name')).toEqual(['Cora', 'Olive', 'Yara']);
      expect(await names('sort=zip')).toEqual(['Cora', 'Olive', 'Yara']);
      const first = (await get('ella', `/api/subscriptions?month=${NOV}&sort=name&limit=2`)).json();
      expect(first.rows.map((r: { firstName: string }) => r.firstName)).toEqual(['Cora', 'Olive']);
      const second = (await get('ella', `/api/subscriptions?month=${NOV}&sort=name&limit=2&cursor=${first.nextCursor}`)).json();
      expect(second.rows.map((r: { firstName: string }) => r.firstName)).toEqual(['Yara']);
      expect(second.nextCursor).toBeNull();
      // A cursor of one order is refused for another.
      const wrong = await get('ella', `/api/subscriptions?month=${NOV}&sort=zip&limit=2&cursor=${first.nextCursor}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('cursor is not one this server gave out for this order.');
    });

    it.each([
      ['status=lost', 'status must be one of not-started, out-for-delivery, delivered, not-delivered.'],
      ['scheduled=maybe', "scheduled must be 'yes' or 'no'."],
      ['sort=price', 'sort must be one of newest, name, zip.'],
      [`q=${'x'.repeat(101)}`, 'q (the search) must be at most 100 characters.'],
    ])('refuses %s with 400', async (query, message) => {
      const response = await get('ella', `/api/subscriptions?month=${NOV}&${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    });

    it('exports the view as CSV: every page, the dashboard columns, formulas made inert', async () => {
      await database.db
        .update(subscriptions)
        .set({ deliveryNotes: '=HYPERLINK("http://evil.example","Click"), then "ring"' })
        .where(eq(subscriptions.id, ids.older));
      const response = await get('ella', `/api/subscriptions.csv?month=${NOV}&q=8410&sort=name`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="subscriptions-${NOV}.csv"`);
      const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('Name,Email,Phone,Address,Unit,City,State,ZIP,Notes,Status,Deliver This Month,Assigned,Submitted,Subscription');
      expect(lines).toHaveLength(4);
      expect(lines[1]).toMatch(
        /^Cora Abbott,subscriber\d+@example.com,8015550100,12 Cherry Lane,,Salt Lake City,UT,84101,x{80},Not Started,Yes,Unassigned,\d{4}-[^,]+,Active$/,
      );
      expect(lines[2]).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click""), then ""ring""",`);
      expect((await get('visitor', `/api/subscriptions.csv?month=${NOV}`)).statusCode).toBe(401);
    });
  });

  describe("a driver's route", () => {
    const mine = async (who: Who = 'ella') =>
      (await get(who, `/api/my-deliveries?month=${NOV}`)).json().map((row: { firstName: string }) => row.firstName);
    const put = (who: Who, body: object) =>
      app.inject({ method: 'PUT', url: '/api/my-deliveries/order', headers: auth(who), payload: body });

    beforeEach(async () => {
      // Studio downtown (84101); Olive in Provo, Cora in Sandy, Yara in Salt Lake City.
      await database.db.update(subscriptions).set({ zip: '84601', city: 'Provo' }).where(eq(subscriptions.id, ids.older));
      await database.db.update(subscriptions).set({ zip: '84070', city: 'Sandy' }).where(eq(subscriptions.id, ids.custom));
      await database.db.update(subscriptions).set({ zip: '84111' }).where(eq(subscriptions.id, ids.yearly));
      await assign('admin', [ids.older, ids.custom, ids.yearly], 'ella@blooms.example');
    });

    it('comes ordered from the studio outwards', async () => {
      expect(await mine()).toEqual(['Yara', 'Cora', 'Olive']);
    });

    it('keeps the order the driver chose, for them and that month only, with new stops after it', async () => {
      const saved = await put('ella', { month: NOV, subscriptionIds: [ids.older, ids.yearly] });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().map((row: { firstName: string }) => row.firstName)).toEqual(['Olive', 'Yara', 'Cora']);
      expect(await mine()).toEqual(['Olive', 'Yara', 'Cora']);
      const dec = (await get('ella', `/api/my-deliveries?month=${DEC}`)).json();
      expect(dec).toEqual([]);
    });

    it.each([
      ["another person's stop", 'finn', () => [ids.yearly], 'Only deliveries assigned to you this month can be put in your route.'],
      ['a stop twice', 'ella', () => [ids.yearly, ids.yearly], 'subscriptionIds lists a stop twice.'],
      ['a stop that is not an id', 'ella', () => ['nope'], 'subscriptionIds must be subscription ids.'],
    ])('refuses %s with 400, keeping the order as it was', async (_, who, idsOf, message) => {
      const response = await put(who as Who, { month: NOV, subscriptionIds: (idsOf as () => string[])() });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect(await mine()).toEqual(['Yara', 'Cora', 'Olive']);
    });
  });

  describe('status changes', () => {
    it('follow the pill: not started, out for delivery, delivered, and back to not started', async () => {
      await assign('admin', [ids.yearly], 'ella@blooms.example');
      const seen: string[] = [];
      let expected = 'not-started';
      for (let i = 0; i < 3; i++) {
        const response = await advance('ella', ids.yearly, expected);
        expect(response.statusCode).toBe(200);
        expected = response.json().status;
        seen.push(expected);
      }
      expect(seen).toEqual(['out-for-delivery', 'delivered', 'not-started']);
      const history = (await deliveryHistory(database.db, ids.yearly, NOV)).filter((e) => e.kind === 'status');
      expect(history.map((e) => [e.actorEmail, e.kind, e.detail])).toEqual([
        ['ella@blooms.example', 'status', { from: 'not-started', to: 'out-for-delivery' }],
        ['ella@blooms.example', 'status', { from: 'out-for-delivery', to: 'delivered' }],
        ['ella@blooms.example', 'status', { from: 'delivered', to: 'not-started' }],
      ]);
    });

    it('let an employee mark delivered only their own delivery; an admin, any', async () => {
      await outForDelivery(ids.yearly); // assigned to Ella
      const finn = await advance('finn', ids.yearly, 'out-for-delivery');
      expect(finn.statusCode).toBe(403);
      expect(finn.json().message).toBe('Only the person this delivery is assigned to, or an admin, can mark it delivered.');
      expect((await row(ids.yearly))?.status).toBe('out-for-delivery');
      expect((await advance('ella', ids.yearly, 'out-for-delivery')).statusCode).toBe(200);

      await advance('admin', ids.older, 'not-started'); // unassigned
      expect((await advance('ella', ids.older, 'out-for-delivery')).statusCode).toBe(403);
      expect((await advance('admin', ids.older, 'out-for-delivery')).json().status).toBe('delivered');
    });

    it('take the door photo off a delivery reset to not started, keeping its key in the history', async () => {
      await outForDelivery(ids.yearly);
      const left = await proof(
        'ella',
        { subscriptionId: ids.yearly, month: NOV, method: 'door' },
        { name: 'door.jpg', type: 'image/jpeg', data: IMAGES.jpeg },
      );
      const photoKey = (await row(ids.yearly))?.proofImageKey;
      expect(left.json().proofImageUrl).not.toBeNull();
      const reset = await advance('finn', ids.yearly, 'delivered');
      expect(reset.json()).toMatchObject({ status: 'not-started', proofImageUrl: null });
      expect((await row(ids.yearly))?.proofImageKey).toBeNull();
      expect((await get('admin', left.json().proofImageUrl)).statusCode).toBe(404);
      const history = await deliveryHistory(database.db, ids.yearly, NOV);
      expect(history.at(-1)?.detail).toEqual({ from: 'delivered', to: 'not-started', archivedPhoto: photoKey });
    });

    it('undo their own revert within the window: Delivered again, with the door photo back', async () => {
      await outForDelivery(ids.yearly);
      const left = await proof(
        'ella',
        { subscriptionId: ids.yearly, month: NOV, method: 'door' },
        { name: 'door.jpg', type: 'image/jpeg', data: IMAGES.jpeg },
      );
      const photoKey = (await row(ids.yearly))?.proofImageKey;
      await advance('finn', ids.yearly, 'delivered');

      // Only the person who set it back may undo it.
      const notTheirs = await post('ella', '/api/deliveries/undo-revert', { subscriptionId: ids.yearly, month: NOV });
      expect(notTheirs.statusCode).toBe(409);
      expect((await row(ids.yearly))?.status).toBe('not-started');

      const undone = await post('finn', '/api/deliveries/undo-revert', { subscriptionId: ids.yearly, month: NOV });
      expect(undone.statusCode).toBe(200);
      expect(undone.json()).toMatchObject({ status: 'delivered', proofImageUrl: left.json().proofImageUrl });
      expect((await row(ids.yearly))?.proofImageKey).toBe(photoKey);
      expect((await get('admin', left.json().proofImageUrl)).statusCode).toBe(200);
      const history = await deliveryHistory(database.db, ids.yearly, NOV);
      expect(history.at(-1)).toMatchObject({
        actorEmail: 'finn@blooms.example',
        detail: { from: 'not-started', to: 'delivered', undo: true, restoredPhoto: photoKey },
      });

      // Undone once: a second undo has nothing to take back.
      const again = await post('finn', '/api/deliveries/undo-revert', { subscriptionId: ids.yearly, month: NOV });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ delivery: { status: 'delivered' } });
    });

    it('undo their own step forward, back one step; refuse an undo of an undo, someone else’s change, and one after the window', async () => {
      await outForDelivery(ids.yearly);
      // Another person's change is not theirs to undo.
      const notTheirs = await post('ella', '/api/deliveries/undo-revert', { subscriptionId: ids.yearly, month: NOV });
      expect(notTheirs.statusCode).toBe(409);
      const back = await post('admin', '/api/deliveries/undo-revert', { subscriptionId: ids.yearly, month: NOV });
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ status: 'not-started' });
      expect((await row(ids.yearly))?.status).toBe('not-started');
      const [undone] = (await deliveryHistory(database.db, ids.yearly, NOV)).slice(-1);
      expect(undone).toMatchObject({
        actorEmail: 'ada@blooms.example',
        detail: { from: 'out-for-delivery', to: 'not-started', undo: true },
      });
      // An undo is not undone in turn.
      const twice = await post('admin', '/api/deliveries/undo-revert', { subscriptionId: ids.yearly, month: NOV });
      expect(twice.statusCode).toBe(409);

      await advance('admin', ids.yearly, 'not-started');
      await advance('admin', ids.yearly, 'out-for-delivery');
      const [last] = (await deliveryHistory(database.db, ids.yearly, NOV)).slice(-1);
      await database.db
        .update(deliveryEvents)
        .set({ at: new Date(Date.now() - 31_000) })
        .where(eq(deliveryEvents.id, last!.id));
      const late = await post('admin', '/api/deliveries/undo-revert', { subscriptionId: ids.yearly, month: NOV });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe('It is too late to undo that change: mark the delivery again instead.');
      expect((await row(ids.yearly))?.status).toBe('delivered');
    });

    it('refuse a stale click with 409 and the fresh row, never skipping a state', async () => {
      expect((await advance('ella', ids.yearly, 'not-started')).statusCode).toBe(200);
      // Finn's screen still shows "not started": his click must not jump to delivered.
      const stale = await advance('finn', ids.yearly, 'not-started');
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ error: 'aborted', delivery: { subscriptionId: ids.yearly, status: 'out-for-delivery' } });
      expect((await row(ids.yearly))?.status).toBe('out-for-delivery');
    });

    it('resolve two clicks racing on the same status to exactly one change', async () => {
      const results = await Promise.all([advance('ella', ids.older, 'not-started'), advance('finn', ids.older, 'not-started')]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await row(ids.older))?.status).toBe('out-for-delivery');
      expect(await deliveryHistory(database.db, ids.older, NOV)).toHaveLength(1);
    });

    it('refuse a month the subscription does not include, writing nothing', async () => {
      const response = await advance('ella', ids.custom, 'not-started', DEC);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^Cora Last\d+ has no delivery in December\.$/);
      expect(await stored()).toEqual([]);
    });

    it.each([
      [{ month: NOV, expectedStatus: 'not-started' }, 'subscriptionId'],
      [{ subscriptionId: 'nope', month: NOV, expectedStatus: 'not-started' }, 'subscriptionId'],
      [{ subscriptionId: '6f1f1f1f-1f1f-4f1f-8f1f-1f1f1f1f1f1f', expectedStatus: 'not-started' }, 'month'],
      [{ subscriptionId: '6f1f1f1f-1f1f-4f1f-8f1f-1f1f1f1f1f1f', month: NOV }, 'expectedStatus'],
    ])('refuse bad input %j with 400 naming %s, writing nothing', async (payload, field) => {
      const response = await post('ella', '/api/deliveries/status', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
      expect(await stored()).toEqual([]);
    });

    it('answer 404 for a subscription that does not exist', async () => {
      expect((await advance('ella', '6f1f1f1f-1f1f-4f1f-8f1f-1f1f1f1f1f1f', 'not-started')).statusCode).toBe(404);
    });
  });

  describe('bulk assign', () => {
    it('assigns every selected delivery of the month to the chosen user', async () => {
      const response = await assign('ella', [ids.yearly, ids.older], 'FINN@blooms.example');
      expect(response.statusCode).toBe(200);
      expect(response.json().map((d: { assignedTo: string }) => d.assignedTo)).toEqual(['finn@blooms.example', 'finn@blooms.example']);
      const mine = (await get('finn', `/api/my-deliveries?month=${NOV}`)).json();
      expect(mine.map((s: { id: string }) => s.id).sort()).toEqual([ids.yearly, ids.older].sort());
      expect((await get('ella', `/api/my-deliveries?month=${NOV}`)).json()).toEqual([]);
    });

    it('assigns 1,000 deliveries in one request, with a history entry each', async () => {
      const many = await database.db
        .insert(subscriptions)
        .values(
          Array.from({ length: 1000 }, (_, n) => ({
            firstName: `Bulk${n}`,
            lastName: 'Person',
            email: `bulk${n}@example.com`,
            phone: '8015550100',
            address: `${n} Main St`,
            city: 'Salt Lake City',
            zip: '84101',
            plan: 'yearly' as const,
            months: [11],
          })),
        )
        .returning({ id: subscriptions.id });
      const manyIds = many.map((row) => row.id);
      const response = await assign('admin', manyIds, 'ella@blooms.example');
      expect(response.statusCode).toBe(200);
      expect(response.json().map((d: { subscriptionId: string }) => d.subscriptionId)).toEqual(manyIds);
      const assigned = (await stored()).filter((d) => d.assigneeId === ellaId);
      expect(assigned).toHaveLength(1000);
      expect((await database.db.select().from(deliveryEvents).where(eq(deliveryEvents.kind, 'assign'))).length).toBe(1000);
    });

    it('unassigns with no assignee, recording who took them off', async () => {
      await assign('admin', [ids.yearly, ids.older], 'finn@blooms.example');
      const response = await post('ella', '/api/deliveries/assign', { month: NOV, subscriptionIds: [ids.yearly], assigneeEmail: null });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([expect.objectContaining({ subscriptionId: ids.yearly, assignedTo: null, assigneeName: null })]);
      expect((await row(ids.yearly))?.assigneeId).toBeNull();
      expect((await get('finn', `/api/my-deliveries?month=${NOV}`)).json().map((s: { id: string }) => s.id)).toEqual([ids.older]);
      const history = await deliveryHistory(database.db, ids.yearly, NOV);
      expect(history.at(-1)).toMatchObject({ actorEmail: 'ella@blooms.example', kind: 'assign', detail: { to: null } });
    });

    it('assigns none when one of them cannot be assigned', async () => {
      const response = await assign('ella', [ids.yearly, ids.custom], 'finn@blooms.example', DEC);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('has no delivery in December');
      expect(await stored()).toEqual([]);
      const missing = await assign('ella', [ids.yearly, '6f1f1f1f-1f1f-4f1f-8f1f-1f1f1f1f1f1f'], 'finn@blooms.example');
      expect(missing.statusCode).toBe(404);
      expect(await stored()).toEqual([]);
    });

    it('refuses an assignee who is not a user', async () => {
      const response = await assign('ella', [ids.yearly], 'nobody@blooms.example');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('There is no user with the e-mail nobody@blooms.example.');
      expect(await stored()).toEqual([]);
    });

    it('refuses an empty selection', async () => {
      const response = await assign('ella', [], 'finn@blooms.example');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('subscriptionIds');
    });
  });

  describe('proof of delivery', () => {
    beforeEach(() => outForDelivery(ids.yearly));
    const door = { subscriptionId: '', month: NOV, method: 'door' };

    it('Hand Delivered sets delivered without a photo', async () => {
      const response = await proof('ella', { subscriptionId: ids.yearly, month: NOV, method: 'hand' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'delivered', proofImageUrl: null });
    });

    it.each(Object.entries(IMAGES))('Left at Door accepts a %s photo, by content, and serves it to staff only', async (type, data) => {
      const response = await proof(
        'ella',
        { ...door, subscriptionId: ids.yearly },
        { name: 'photo.bin', type: 'application/octet-stream', data },
      );
      expect(response.statusCode).toBe(200);
      const url = response.json().proofImageUrl;
      expect(url).toBe(`/api/deliveries/${ids.yearly}/${NOV}/proof`);
      expect(response.json().status).toBe('delivered');
      const photo = await get('finn', url);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe(`image/${type}`);
      expect(photo.rawPayload.equals(data)).toBe(true);
      expect((await get('visitor', url)).statusCode).toBe(401);
    });

    it('refuses a file that only pretends to be a photo, leaving the status unchanged', async () => {
      const response = await proof(
        'ella',
        { ...door, subscriptionId: ids.yearly },
        { name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('not an image at all') },
      );
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe('The photo must be a JPEG, PNG, WebP or HEIC image.');
      expect(await row(ids.yearly)).toMatchObject({ status: 'out-for-delivery', proofImageKey: null });
      expect(fs.existsSync(path.join(blobDir, 'deliveries', ids.yearly))).toBe(false);
    });

    it('refuses a photo over 10 MB, leaving the status unchanged', async () => {
      const big = Buffer.concat([IMAGES.jpeg, Buffer.alloc(10 * 1024 * 1024)]);
      const response = await proof('ella', { ...door, subscriptionId: ids.yearly }, { name: 'big.jpg', type: 'image/jpeg', data: big });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe('The photo is larger than 10 MB.');
      expect((await row(ids.yearly))?.status).toBe('out-for-delivery');
    });

    it('asks for the photo when Left at Door has none', async () => {
      const response = await proof('ella', { ...door, subscriptionId: ids.yearly });
      expect(response.statusCode).toBe(400);
      expect((await row(ids.yearly))?.status).toBe('out-for-delivery');
    });

    it('refuses proof for a delivery that is not out for delivery', async () => {
      await proof('ella', { subscriptionId: ids.yearly, month: NOV, method: 'hand' });
      const again = await proof('ella', { subscriptionId: ids.yearly, month: NOV, method: 'hand' });
      expect(again.statusCode).toBe(409);
      expect(again.json().delivery.status).toBe('delivered');
    });

    /** Every photo file the store holds for the delivery. */
    const photoFiles = (subscriptionId: string) => {
      const dir = path.join(blobDir, 'deliveries', subscriptionId);
      return fs.existsSync(dir)
        ? fs
            .readdirSync(dir, { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile())
            .map((entry) => path.join(entry.parentPath, entry.name))
        : [];
    };
    const keyOf = (file: string) => path.relative(blobDir, file).split(path.sep).join('/');

    it('keeps the winning photo when two are sent at once (a double tap, a replayed queue), and deletes only the loser’s own', async () => {
      for (let trial = 0; trial < 4; trial++) {
        if (trial > 0) {
          await advance('admin', ids.yearly, 'delivered');
          await advance('admin', ids.yearly, 'not-started');
        }
        const sent = [IMAGES.jpeg, IMAGES.png];
        const answers = await Promise.all(
          sent.map((data) =>
            proof('ella', { ...door, subscriptionId: ids.yearly }, { name: 'door', type: 'application/octet-stream', data }),
          ),
        );
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        const won = sent[answers.findIndex((answer) => answer.statusCode === 200)]!;
        const photo = await get('admin', `/api/deliveries/${ids.yearly}/${NOV}/proof`);
        expect({ trial, status: photo.statusCode }).toEqual({ trial, status: 200 });
        expect(photo.rawPayload.equals(won)).toBe(true);
        // The loser's upload is gone; every photo the delivery ever showed is still there.
        const shown = (await deliveryHistory(database.db, ids.yearly, NOV))
          .filter((event) => event.kind === 'proof')
          .map((event) => (event.detail as { photo: string }).photo);
        expect(photoFiles(ids.yearly).map(keyOf).sort()).toEqual([...shown].sort());
      }
    });

    it('keeps a reset delivery’s photo in the store for tracing when the stop is delivered again with a new one', async () => {
      await proof('ella', { ...door, subscriptionId: ids.yearly }, { name: 'first.jpg', type: 'image/jpeg', data: IMAGES.jpeg });
      const first = (await row(ids.yearly))!.proofImageKey!;
      await advance('admin', ids.yearly, 'delivered');
      await advance('admin', ids.yearly, 'not-started');
      const another = await sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 20, g: 90, b: 200 } } })
        .jpeg()
        .toBuffer();
      await proof('ella', { ...door, subscriptionId: ids.yearly }, { name: 'second.jpg', type: 'image/jpeg', data: another });
      const second = (await row(ids.yearly))!.proofImageKey!;
      expect(second).not.toBe(first);
      expect(fs.readFileSync(path.join(blobDir, first)).equals(IMAGES.jpeg)).toBe(true);
      expect((await get('admin', `/api/deliveries/${ids.yearly}/${NOV}/proof`)).rawPayload.equals(another)).toBe(true);
    });

    it.each(Object.keys(IMAGES) as (keyof typeof IMAGES)[])(
      'refuses a %s declaring 30000 x 30000 pixels (a decompression bomb), storing nothing',
      async (kind) => {
        const bomb = declaringSize(kind, 30000, 30000);
        const response = await proof(
          'ella',
          { ...door, subscriptionId: ids.yearly },
          { name: 'bomb', type: 'application/octet-stream', data: bomb },
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('The photo is 30000 × 30000 pixels; a door photo may have at most 64 megapixels.');
        expect(await row(ids.yearly)).toMatchObject({ status: 'out-for-delivery', proofImageKey: null });
        expect(photoFiles(ids.yearly)).toEqual([]);
      },
    );

    it("refuses another driver's photo before storing anything", async () => {
      const response = await proof(
        'finn',
        { ...door, subscriptionId: ids.yearly },
        { name: 'p.jpg', type: 'image/jpeg', data: IMAGES.jpeg },
      );
      expect(response.statusCode).toBe(403);
      expect(fs.existsSync(path.join(blobDir, 'deliveries', ids.yearly))).toBe(false);
    });
  });

  it('keeps the deliveries of a deleted user, unassigned', async () => {
    await assign('admin', [ids.yearly, ids.older], 'ella@blooms.example');
    await advance('admin', ids.yearly, 'not-started');
    expect((await app.inject({ method: 'DELETE', url: `/api/users/${ellaId}`, headers: auth('admin') })).statusCode).toBe(204);
    const list = (await get('admin', `/api/subscriptions?month=${NOV}`)).json().rows;
    const yara = list.find((s: { id: string }) => s.id === ids.yearly);
    expect(yara.delivery).toMatchObject({ status: 'out-for-delivery', assignedTo: null, assigneeName: null });
    expect(await stored()).toHaveLength(2);
  });
});
