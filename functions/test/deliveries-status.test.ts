import { eq } from 'drizzle-orm';
import { deliveryEvents, subscriptions } from '../src/db/schema';
import { deliveryHistory } from '../src/read-models/delivery-proofs';
import { DATABASE_KINDS } from './support/databases';
import { IMAGES } from './support/fixtures';
import { DEC, deliveriesFixture, NOV, type Who } from './support/deliveries-fixture';

describe.each(DATABASE_KINDS)("deliveries on %s: a driver's route, status changes and bulk assignment", (kind) => {
  const { fx, auth, get, post, advance, assign, proof, stored, row, outForDelivery } = deliveriesFixture(kind);

  describe("a driver's route", () => {
    const mine = async (who: Who = 'ella') =>
      (await get(who, `/api/my-deliveries?month=${NOV}`)).json().map((row: { firstName: string }) => row.firstName);
    const put = (who: Who, body: object) =>
      fx.app.inject({ method: 'PUT', url: '/api/my-deliveries/order', headers: auth(who), payload: body });

    beforeEach(async () => {
      // Studio downtown (84101); Olive in Provo, Cora in Sandy, Yara in Salt Lake City.
      await fx.database.db.update(subscriptions).set({ zip: '84601', city: 'Provo' }).where(eq(subscriptions.id, fx.ids.older));
      await fx.database.db.update(subscriptions).set({ zip: '84070', city: 'Sandy' }).where(eq(subscriptions.id, fx.ids.custom));
      await fx.database.db.update(subscriptions).set({ zip: '84111' }).where(eq(subscriptions.id, fx.ids.yearly));
      await assign('admin', [fx.ids.older, fx.ids.custom, fx.ids.yearly], 'ella@blooms.example');
    });

    it('comes ordered from the studio outwards', async () => {
      expect(await mine()).toEqual(['Yara', 'Cora', 'Olive']);
    });

    it('keeps the order the driver chose, for them and that month only, with new stops after it', async () => {
      const saved = await put('ella', { month: NOV, subscriptionIds: [fx.ids.older, fx.ids.yearly] });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().map((row: { firstName: string }) => row.firstName)).toEqual(['Olive', 'Yara', 'Cora']);
      expect(await mine()).toEqual(['Olive', 'Yara', 'Cora']);
      const dec = (await get('ella', `/api/my-deliveries?month=${DEC}`)).json();
      expect(dec).toEqual([]);
    });

    it.each([
      ["another person's stop", 'finn', () => [fx.ids.yearly], 'Only deliveries assigned to you this month can be put in your route.'],
      ['a stop twice', 'ella', () => [fx.ids.yearly, fx.ids.yearly], 'subscriptionIds lists a stop twice.'],
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
      await assign('admin', [fx.ids.yearly], 'ella@blooms.example');
      const seen: string[] = [];
      let expected = 'not-started';
      for (let i = 0; i < 3; i++) {
        const response = await advance('ella', fx.ids.yearly, expected);
        expect(response.statusCode).toBe(200);
        expected = response.json().status;
        seen.push(expected);
      }
      expect(seen).toEqual(['out-for-delivery', 'delivered', 'not-started']);
      const history = (await deliveryHistory(fx.database.db, fx.ids.yearly, NOV)).filter((e) => e.kind === 'status');
      expect(history.map((e) => [e.actorEmail, e.kind, e.detail])).toEqual([
        ['ella@blooms.example', 'status', { from: 'not-started', to: 'out-for-delivery' }],
        ['ella@blooms.example', 'status', { from: 'out-for-delivery', to: 'delivered' }],
        ['ella@blooms.example', 'status', { from: 'delivered', to: 'not-started' }],
      ]);
    });

    it('let an employee mark delivered only their own delivery; an admin, any', async () => {
      await outForDelivery(fx.ids.yearly); // assigned to Ella
      const finn = await advance('finn', fx.ids.yearly, 'out-for-delivery');
      expect(finn.statusCode).toBe(403);
      expect(finn.json().message).toBe('Only the person this delivery is assigned to, or an admin, can mark it delivered.');
      expect((await row(fx.ids.yearly))?.status).toBe('out-for-delivery');
      expect((await advance('ella', fx.ids.yearly, 'out-for-delivery')).statusCode).toBe(200);

      await advance('admin', fx.ids.older, 'not-started'); // unassigned
      expect((await advance('ella', fx.ids.older, 'out-for-delivery')).statusCode).toBe(403);
      expect((await advance('admin', fx.ids.older, 'out-for-delivery')).json().status).toBe('delivered');
    });

    it('take the door photo off a delivery reset to not started, keeping its key in the history', async () => {
      await outForDelivery(fx.ids.yearly);
      const left = await proof(
        'ella',
        { subscriptionId: fx.ids.yearly, month: NOV, method: 'door' },
        { name: 'door.jpg', type: 'image/jpeg', data: IMAGES.jpeg },
      );
      const photoKey = (await row(fx.ids.yearly))?.proofImageKey;
      expect(left.json().proofImageUrl).not.toBeNull();
      const reset = await advance('finn', fx.ids.yearly, 'delivered');
      expect(reset.json()).toMatchObject({ status: 'not-started', proofImageUrl: null });
      expect((await row(fx.ids.yearly))?.proofImageKey).toBeNull();
      expect((await get('admin', left.json().proofImageUrl)).statusCode).toBe(404);
      const history = await deliveryHistory(fx.database.db, fx.ids.yearly, NOV);
      expect(history.at(-1)?.detail).toEqual({ from: 'delivered', to: 'not-started', archivedPhoto: photoKey });
    });

    it('undo their own revert within the window: Delivered again, with the door photo back', async () => {
      await outForDelivery(fx.ids.yearly);
      const left = await proof(
        'ella',
        { subscriptionId: fx.ids.yearly, month: NOV, method: 'door' },
        { name: 'door.jpg', type: 'image/jpeg', data: IMAGES.jpeg },
      );
      const photoKey = (await row(fx.ids.yearly))?.proofImageKey;
      await advance('finn', fx.ids.yearly, 'delivered');

      // Only the person who set it back may undo it.
      const notTheirs = await post('ella', '/api/deliveries/undo-revert', { subscriptionId: fx.ids.yearly, month: NOV });
      expect(notTheirs.statusCode).toBe(409);
      expect((await row(fx.ids.yearly))?.status).toBe('not-started');

      const undone = await post('finn', '/api/deliveries/undo-revert', { subscriptionId: fx.ids.yearly, month: NOV });
      expect(undone.statusCode).toBe(200);
      expect(undone.json()).toMatchObject({ status: 'delivered', proofImageUrl: left.json().proofImageUrl });
      expect((await row(fx.ids.yearly))?.proofImageKey).toBe(photoKey);
      expect((await get('admin', left.json().proofImageUrl)).statusCode).toBe(200);
      const history = await deliveryHistory(fx.database.db, fx.ids.yearly, NOV);
      expect(history.at(-1)).toMatchObject({
        actorEmail: 'finn@blooms.example',
        detail: { from: 'not-started', to: 'delivered', undo: true, restoredPhoto: photoKey },
      });

      // Undone once: a second undo has nothing to take back.
      const again = await post('finn', '/api/deliveries/undo-revert', { subscriptionId: fx.ids.yearly, month: NOV });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ delivery: { status: 'delivered' } });
    });

    it('undo their own step forward, back one step; refuse an undo of an undo, someone else’s change, and one after the window', async () => {
      await outForDelivery(fx.ids.yearly);
      // Another person's change is not theirs to undo.
      const notTheirs = await post('ella', '/api/deliveries/undo-revert', { subscriptionId: fx.ids.yearly, month: NOV });
      expect(notTheirs.statusCode).toBe(409);
      const back = await post('admin', '/api/deliveries/undo-revert', { subscriptionId: fx.ids.yearly, month: NOV });
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ status: 'not-started' });
      expect((await row(fx.ids.yearly))?.status).toBe('not-started');
      const [undone] = (await deliveryHistory(fx.database.db, fx.ids.yearly, NOV)).slice(-1);
      expect(undone).toMatchObject({
        actorEmail: 'ada@blooms.example',
        detail: { from: 'out-for-delivery', to: 'not-started', undo: true },
      });
      // An undo is not undone in turn.
      const twice = await post('admin', '/api/deliveries/undo-revert', { subscriptionId: fx.ids.yearly, month: NOV });
      expect(twice.statusCode).toBe(409);

      await advance('admin', fx.ids.yearly, 'not-started');
      await advance('admin', fx.ids.yearly, 'out-for-delivery');
      const [last] = (await deliveryHistory(fx.database.db, fx.ids.yearly, NOV)).slice(-1);
      await fx.database.db
        .update(deliveryEvents)
        .set({ at: new Date(Date.now() - 31_000) })
        .where(eq(deliveryEvents.id, last!.id));
      const late = await post('admin', '/api/deliveries/undo-revert', { subscriptionId: fx.ids.yearly, month: NOV });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe('It is too late to undo that change: mark the delivery again instead.');
      expect((await row(fx.ids.yearly))?.status).toBe('delivered');
    });

    it('refuse a stale click with 409 and the fresh row, never skipping a state', async () => {
      expect((await advance('ella', fx.ids.yearly, 'not-started')).statusCode).toBe(200);
      // Finn's screen still shows "not started": his click must not jump to delivered.
      const stale = await advance('finn', fx.ids.yearly, 'not-started');
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ error: 'aborted', delivery: { subscriptionId: fx.ids.yearly, status: 'out-for-delivery' } });
      expect((await row(fx.ids.yearly))?.status).toBe('out-for-delivery');
    });

    it('resolve two clicks racing on the same status to exactly one change', async () => {
      const results = await Promise.all([advance('ella', fx.ids.older, 'not-started'), advance('finn', fx.ids.older, 'not-started')]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await row(fx.ids.older))?.status).toBe('out-for-delivery');
      expect(await deliveryHistory(fx.database.db, fx.ids.older, NOV)).toHaveLength(1);
    });

    it('refuse a month the subscription does not include, writing nothing', async () => {
      const response = await advance('ella', fx.ids.custom, 'not-started', DEC);
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
      const response = await assign('ella', [fx.ids.yearly, fx.ids.older], 'FINN@blooms.example');
      expect(response.statusCode).toBe(200);
      expect(response.json().map((d: { assignedTo: string }) => d.assignedTo)).toEqual(['finn@blooms.example', 'finn@blooms.example']);
      const mine = (await get('finn', `/api/my-deliveries?month=${NOV}`)).json();
      expect(mine.map((s: { id: string }) => s.id).sort()).toEqual([fx.ids.yearly, fx.ids.older].sort());
      expect((await get('ella', `/api/my-deliveries?month=${NOV}`)).json()).toEqual([]);
    });

    it('assigns 1,000 deliveries in one request, with a history entry each', async () => {
      const many = await fx.database.db
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
      const assigned = (await stored()).filter((d) => d.assigneeId === fx.ellaId);
      expect(assigned).toHaveLength(1000);
      expect((await fx.database.db.select().from(deliveryEvents).where(eq(deliveryEvents.kind, 'assign'))).length).toBe(1000);
    });

    it('unassigns with no assignee, recording who took them off', async () => {
      await assign('admin', [fx.ids.yearly, fx.ids.older], 'finn@blooms.example');
      const response = await post('ella', '/api/deliveries/assign', { month: NOV, subscriptionIds: [fx.ids.yearly], assigneeEmail: null });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([expect.objectContaining({ subscriptionId: fx.ids.yearly, assignedTo: null, assigneeName: null })]);
      expect((await row(fx.ids.yearly))?.assigneeId).toBeNull();
      expect((await get('finn', `/api/my-deliveries?month=${NOV}`)).json().map((s: { id: string }) => s.id)).toEqual([fx.ids.older]);
      const history = await deliveryHistory(fx.database.db, fx.ids.yearly, NOV);
      expect(history.at(-1)).toMatchObject({ actorEmail: 'ella@blooms.example', kind: 'assign', detail: { to: null } });
    });

    it('assigns none when one of them cannot be assigned', async () => {
      const response = await assign('ella', [fx.ids.yearly, fx.ids.custom], 'finn@blooms.example', DEC);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('has no delivery in December');
      expect(await stored()).toEqual([]);
      const missing = await assign('ella', [fx.ids.yearly, '6f1f1f1f-1f1f-4f1f-8f1f-1f1f1f1f1f1f'], 'finn@blooms.example');
      expect(missing.statusCode).toBe(404);
      expect(await stored()).toEqual([]);
    });

    it('refuses an assignee who is not a user', async () => {
      const response = await assign('ella', [fx.ids.yearly], 'nobody@blooms.example');
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
});
