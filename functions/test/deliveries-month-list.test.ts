import { eq } from 'drizzle-orm';
import { subscriptions } from '../src/db/schema';
import { MATCH_COUNT_LIMIT } from '@blooms/shared/contract/deliveries';
import { DATABASE_KINDS } from './support/databases';
import { DEC, deliveriesFixture, NOV, type Who } from './support/deliveries-fixture';

describe.each(DATABASE_KINDS)('deliveries on %s: who may call, the month list, search, filters and CSV', (kind) => {
  const { fx, get, advance, assign, proof, stored, row, outForDelivery } = deliveriesFixture(kind);

  describe('authorization', () => {
    const requests = (who: Who) => [
      get(who, `/api/subscriptions?month=${NOV}`),
      get(who, `/api/my-deliveries?month=${NOV}`),
      get(who, '/api/my-deliveries/start'),
      get(who, '/api/staff'),
      advance(who, fx.ids.yearly, 'not-started'),
      assign(who, [fx.ids.older], 'finn@blooms.example'),
      proof(who, { subscriptionId: fx.ids.custom, month: NOV, method: 'hand' }),
      get(who, `/api/deliveries/${fx.ids.custom}/${NOV}/proof`),
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
        expect((await get(who, '/api/my-deliveries/start')).statusCode).toBe(200);
        expect((await get(who, '/api/staff')).statusCode).toBe(200);
      }
      expect((await advance('ella', fx.ids.yearly, 'not-started')).statusCode).toBe(200);
      expect((await assign('ella', [fx.ids.older], 'finn@blooms.example')).statusCode).toBe(200);
    });

    it('lets only the assignee or an admin record proof', async () => {
      await outForDelivery(fx.ids.custom);
      expect((await proof('finn', { subscriptionId: fx.ids.custom, month: NOV, method: 'hand' })).statusCode).toBe(403);
      expect((await row(fx.ids.custom))?.status).toBe('out-for-delivery');
      expect((await proof('ella', { subscriptionId: fx.ids.custom, month: NOV, method: 'hand' })).statusCode).toBe(200);
      await outForDelivery(fx.ids.yearly);
      expect((await proof('admin', { subscriptionId: fx.ids.yearly, month: NOV, method: 'hand' })).statusCode).toBe(200);
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
          'vasesOut',
          'delivery',
          'gift',
        ].sort(),
      );
      expect(Object.keys(first.lifecycle).sort()).toEqual(['endsAfter', 'status', 'statusFrom']);
    });

    it('says when a custom plan has no delivery in the month', async () => {
      const list = (await get('ella', `/api/subscriptions?month=${DEC}`)).json().rows;
      expect(list.find((s: { id: string }) => s.id === fx.ids.custom).delivery.scheduled).toBe(false);
      expect(list.find((s: { id: string }) => s.id === fx.ids.yearly).delivery.scheduled).toBe(true);
    });

    it("keeps each month's status and assignee to itself", async () => {
      await assign('admin', [fx.ids.yearly], 'ella@blooms.example', NOV);
      await advance('admin', fx.ids.yearly, 'not-started', NOV);
      await advance('admin', fx.ids.yearly, 'out-for-delivery', NOV);
      const dec = (await get('ella', `/api/subscriptions?month=${DEC}`)).json().rows;
      expect(dec.find((s: { id: string }) => s.id === fx.ids.yearly).delivery).toMatchObject({ status: 'not-started', assignedTo: null });
      const nov = (await get('ella', `/api/subscriptions?month=${NOV}`)).json().rows;
      expect(nov.find((s: { id: string }) => s.id === fx.ids.yearly).delivery).toMatchObject({
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
      await fx.database.db
        .update(subscriptions)
        .set({ lastName: 'Zeller', city: 'Provo', zip: '84601', phone: '8015559876', email: 'yara@home.example' })
        .where(eq(subscriptions.id, fx.ids.yearly));
      await fx.database.db
        .update(subscriptions)
        .set({ lastName: 'Abbott', address: '12 Cherry Lane' })
        .where(eq(subscriptions.id, fx.ids.custom));
      await fx.database.db.update(subscriptions).set({ zip: '84102' }).where(eq(subscriptions.id, fx.ids.older));
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

    it('pages through a search that finds more than a page, counting every match on the first', async () => {
      const first = (await get('ella', `/api/subscriptions?month=${NOV}&q=801555&limit=2`)).json();
      expect(first.rows.map((row: { firstName: string }) => row.firstName)).toEqual(['Yara', 'Cora']);
      expect(first.total).toBe(3);
      const second = (await get('ella', `/api/subscriptions?month=${NOV}&q=801555&limit=2&cursor=${first.nextCursor}`)).json();
      expect(second.rows.map((row: { firstName: string }) => row.firstName)).toEqual(['Olive']);
      expect(second.nextCursor).toBeNull();
    });

    // Dispatchers type beginnings; "contains anywhere" also matched every customer of one mail provider.
    it.each(['erry', 'home.example', 'ara', '555-98', '9876', '50%25', '_ara', 'ya%25a'])(
      'does not find %j, which begins no name, e-mail, number, address or ZIP',
      async (q) => {
        expect(await names(`q=${q}`)).toEqual([]);
      },
    );

    it('counts a narrowed view only up to MATCH_COUNT_LIMIT + 1, and every subscription when nothing narrows it', async () => {
      const [template] = await fx.database.db.select().from(subscriptions).where(eq(subscriptions.id, fx.ids.older));
      const { id: _id, createdAt: _at, ...fields } = template!;
      await fx.database.db
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
      await assign('admin', [fx.ids.custom], 'ella@blooms.example');
      await advance('admin', fx.ids.custom, 'not-started');
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
      ['scheduled=maybe', 'scheduled must be one of yes, no, pickup, stop.'],
      ['sort=price', 'sort must be one of newest, name, zip.'],
      [`q=${'x'.repeat(101)}`, 'q (the search) must be at most 100 characters.'],
    ])('refuses %s with 400', async (query, message) => {
      const response = await get('ella', `/api/subscriptions?month=${NOV}&${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    });

    it('exports the view as CSV: every page, the dashboard columns, formulas made inert', async () => {
      await fx.database.db
        .update(subscriptions)
        .set({ deliveryNotes: '=HYPERLINK("http://evil.example","Click"), then "ring"' })
        .where(eq(subscriptions.id, fx.ids.older));
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
});
