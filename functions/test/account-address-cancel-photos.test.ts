import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { type Account } from '@blooms/shared/contract/account';
import { ACCOUNT_MESSAGES, SUBSCRIBE_MESSAGES } from '@blooms/shared/contract/messages';
import { addMonths, formatMonth } from '@blooms/shared/contract/months';
import { cancellationReasons, subscriptionEvents, subscriptions } from '../src/db/schema';
import { DATABASE_KINDS } from './support/databases';
import { inlineImage } from './support/mail-text';
import { waitFor } from './support/wait-for';
import { addSubscription, IMAGES, multipart } from './support/fixtures';
import { accountFixture, soonDate } from './support/account-fixture';

describe.each(DATABASE_KINDS)('a subscriber’s account on %s: the address, cancelling and door photos', (kind) => {
  const { fx, soonMonth, subscribe, mailsTo, signInByEmail, as, account, change } = accountFixture(kind);

  it('the address and notes change under the rules of subscribing: staff see the new one, the payer is told; bad ones change nothing', async () => {
    const row = await subscribe('moving@example.com');
    const token = await signInByEmail('moving@example.com');
    const addressUrl = `/api/account/subscriptions/${row.id}/address`;
    const refusal = async (payload: object, message: string) => {
      const response = await change(token, 'PUT', addressUrl, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    };
    const good = { address: '250 S State St', unit: 'Apt 4', city: 'Salt Lake City', zip: '84111', deliveryNotes: 'Buzz 4' };
    await refusal({ ...good, zip: '90210' }, SUBSCRIBE_MESSAGES.outOfArea);
    await refusal({ ...good, address: '  ' }, 'Street address is required.');
    await refusal({ ...good, deliveryNotes: 'x'.repeat(1001) }, 'Delivery notes must be at most 1000 characters.');
    await refusal(
      { ...good, city: 'Salt\u0000Lake' },
      'city contains a character that is not allowed (NUL or a broken Unicode character).',
    );
    const [unchanged] = await fx.database.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    expect(unchanged).toMatchObject({ address: '1 Main St', city: 'Provo', zip: '84601', deliveryNotes: '' });

    const moved = await change(token, 'PUT', addressUrl, good);
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as Account).subscriptions[0]).toMatchObject({
      deliverTo: '250 S State St, Apt 4, Salt Lake City, UT 84111',
      deliveryNotes: 'Buzz 4',
    });
    // Staff find it by the subscriber's e-mail among many others of the month.
    for (let i = 0; i < 30; i++)
      await addSubscription(fx.database.db, {
        email: `neighbour${i}@example.com`,
        address: '250 S State St',
        city: 'Salt Lake City',
        zip: '84111',
      });
    const staffView = await fx.app.inject({
      url: `/api/subscriptions?month=${soonMonth()}&q=moving%40example.com`,
      headers: as(fx.staffToken),
    });
    expect(staffView.json()).toMatchObject({
      total: 1,
      rows: [{ id: row.id, address: '250 S State St', unit: 'Apt 4', zip: '84111', deliveryNotes: 'Buzz 4' }],
    });
    expect(staffView.json().rows).toHaveLength(1);
    fx.app.emailOutbox.wake();
    await waitFor(() =>
      mailsTo('moving@example.com').some((text) => text.includes('We now deliver to 250 S State St, Apt 4, Salt Lake City, UT 84111.')),
    );
    // The same again changes nothing and e-mails nothing more.
    expect((await change(token, 'PUT', addressUrl, good)).statusCode).toBe(200);
    const history = await fx.database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, row.id));
    expect(history.map((event) => event.kind)).toEqual(['address']);
  });

  it('cancelling keeps the deliveries already certain, charges nothing after them, and then refuses every change', async () => {
    const row = await subscribe('ana@example.com');
    const token = await signInByEmail('ana@example.com');
    const promised = (await account(token)).subscriptions[0]!.lastDeliveryIfCancelled;
    const cancelled = await change(token, 'POST', `/api/account/subscriptions/${row.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    const body = cancelled.json() as Account & { lastDelivery: string };
    // The month inside the notice was paid at checkout: it still comes, and is the last.
    expect(body.lastDelivery).toBe(formatDeliveryDate(soonDate(), { withYear: true }));
    // What the account said cancelling would keep is what it kept.
    expect(promised).toBe(soonDate());
    const [mine] = body.subscriptions;
    expect(mine).toMatchObject({ status: 'cancelled', statusLabel: `Cancelled, last delivery ${formatMonth(soonMonth())}` });
    expect(mine!.coming.filter((m) => m.chargeCents > 0)).toEqual([]);
    expect(mine!.coming.find((m) => m.month === addMonths(soonMonth(), 1))!.state).toBe('ended');

    const again = await change(token, 'PUT', `/api/account/subscriptions/${row.id}/skips/${addMonths(soonMonth(), 1)}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.cancelled);
    fx.app.emailOutbox.wake();
    await waitFor(() => mailsTo('ana@example.com').some((text) => text.includes('Your last delivery is on')));
  });

  it('cancelling keeps why, for the owner’s figures; a reason not on the list is refused and cancels nothing', async () => {
    const row = await subscribe('why@example.com');
    const token = await signInByEmail('why@example.com');
    const refused = await change(token, 'POST', `/api/account/subscriptions/${row.id}/cancel`, { reason: 'bored' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch('Choose why you are cancelling.');
    expect((await account(token)).subscriptions[0]!.status).toBe('active');

    const cancelled = await change(token, 'POST', `/api/account/subscriptions/${row.id}/cancel`, {
      reason: 'other',
      otherText: '  Allergies in the house  ',
    });
    expect(cancelled.statusCode).toBe(200);
    const kept = await fx.database.db.select().from(cancellationReasons).where(eq(cancellationReasons.subscriptionId, row.id));
    expect(kept).toEqual([expect.objectContaining({ reason: 'other', otherText: 'Allergies in the house' })]);
    const [event] = await fx.database.db
      .select()
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.subscriptionId, row.id), eq(subscriptionEvents.kind, 'cancel')));
    expect(event!.detail).toMatchObject({ reason: 'other' });
  });

  it('flowers left at the door e-mail the subscriber, whose account holds the photo; flowers handed over send nothing', async () => {
    const door = await subscribe('door@example.com');
    const hand = await subscribe('hand@example.com');
    const staff = { authorization: `Bearer ${fx.staffToken}` };
    const deliver = async (subscriptionId: string, method: 'door' | 'hand') => {
      await fx.app.inject({
        method: 'POST',
        url: '/api/deliveries/assign',
        headers: staff,
        payload: { month: soonMonth(), subscriptionIds: [subscriptionId], assigneeEmail: 'boss@blooms.example' },
      });
      expect(
        (
          await fx.app.inject({
            method: 'POST',
            url: '/api/deliveries/status',
            headers: staff,
            payload: { subscriptionId, month: soonMonth(), expectedStatus: 'not-started' },
          })
        ).statusCode,
      ).toBe(200);
      const body = multipart(
        { subscriptionId, month: soonMonth(), method },
        method === 'door' ? { name: 'door.jpg', type: 'image/jpeg', data: IMAGES.jpeg } : undefined,
      );
      expect(
        (
          await fx.app.inject({
            method: 'POST',
            url: '/api/deliveries/proof',
            headers: { ...staff, ...body.headers },
            payload: body.payload,
          })
        ).statusCode,
      ).toBe(200);
    };
    await deliver(door.id, 'door');
    await deliver(hand.id, 'hand');
    await fx.app.emailOutbox.wake();
    const atDoor = () =>
      mailsTo('door@example.com').filter((text) => text.includes(`Subject: Your ${formatMonth(soonMonth())} flowers are at the door`));
    await waitFor(() => atDoor().length > 0);
    expect(atDoor()).toHaveLength(1);
    expect(atDoor()[0]).toContain('Our driver took this photo so you know they arrived');
    expect(atDoor()[0]).toContain('https://blooms.example/account');
    // The driver's photo, inline.
    expect(atDoor()[0]).toContain('<img src="cid:door-photo"');
    expect(atDoor()[0]).toContain('Content-ID: <door-photo>');
    // As a JPEG any mail client shows, of the photo's size (it is smaller than the e-mail's 960 px).
    const inline = await sharp(
      inlineImage(
        mailsTo('door@example.com').find((text) => text.includes('flowers are at the door'))!,
        'door-photo',
      )!,
    ).metadata();
    expect({ format: inline.format, width: inline.width, height: inline.height }).toEqual({ format: 'jpeg', width: 8, height: 6 });
    expect(mailsTo('hand@example.com').some((text) => text.includes('flowers are at the door'))).toBe(false);

    const token = await signInByEmail('door@example.com');
    const photo = await fx.app.inject({ url: `/api/account/subscriptions/${door.id}/photos/${soonMonth()}`, headers: as(token) });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.equals(IMAGES.jpeg)).toBe(true);
    const notTheirs = await fx.app.inject({
      url: `/api/account/subscriptions/${door.id}/photos/${soonMonth()}`,
      headers: as(fx.staffToken),
    });
    expect(notTheirs.statusCode).toBe(404);
  });
});
