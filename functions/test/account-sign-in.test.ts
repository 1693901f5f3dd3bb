import { addDays, defaultDeliveryDate, lastDayForChanges } from '@blooms/shared/contract/delivery-dates';
import { ACCOUNT_MESSAGES } from '@blooms/shared/contract/messages';
import { addMonths } from '@blooms/shared/contract/months';
import { DATABASE_KINDS } from './support/databases';
import { signInWithGoogle } from './support/identities';
import { accountFixture, soonDate } from './support/account-fixture';

describe.each(DATABASE_KINDS)('a subscriber’s account on %s: signing in and what the account shows', (kind) => {
  const { fx, soonMonth, subscribe, mailsTo, signInByEmail, account } = accountFixture(kind);

  it('a subscriber signs in by an e-mailed link and sees their plan, coming months with dates and charges, and the first payment', async () => {
    const row = await subscribe('rosa@example.com');
    const token = await signInByEmail('rosa@example.com');
    const { subscriptions: held, cardUpdates } = await account(token);
    expect(cardUpdates).toBe(false);
    expect(held).toHaveLength(1);
    const [mine] = held;
    expect(mine).toMatchObject({ id: row.id, plan: 'custom', recipient: 'Rosa Diaz', status: 'active', statusLabel: 'Active' });
    const soon = mine!.coming.find((month) => month.month === soonMonth())!;
    // Paid at checkout (the first delivery), and too close to change.
    expect(soon).toMatchObject({ date: soonDate(), state: 'delivering', paid: true, changeable: false, chargeCents: 0 });
    const next = mine!.coming.find((month) => month.month === addMonths(soonMonth(), 1))!;
    const nextDay = defaultDeliveryDate(next.month);
    expect(next).toMatchObject({
      date: nextDay,
      state: 'delivering',
      changeable: true,
      chargeCents: 9900,
      chargeDate: addDays(lastDayForChanges(nextDay), 1),
      paid: false,
    });
    expect(mine!.coming.find((month) => month.month === addMonths(soonMonth(), 6))!.state).toBe('not-in-plan');
    expect(mine!.payments).toEqual([expect.objectContaining({ month: soonMonth(), amountCents: 9900 })]);
    // Cancelling now would keep the month already paid for and inside its notice.
    expect(mine!.lastDeliveryIfCancelled).toBe(soonDate());
    // The confirmation e-mail leads to the account.
    expect(mailsTo('rosa@example.com').some((text) => text.includes('go to My subscription: https://blooms.example/account'))).toBe(true);
  });

  it('an address with no subscription gets the same answer and no e-mail', async () => {
    await subscribe('somebody@example.com');
    const asked = await fx.app.inject({ method: 'POST', url: '/api/account/sign-in-link', payload: { email: 'nobody@example.com' } });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(ACCOUNT_MESSAGES.signInLinkSent);
    // A subscriber asks next: once their link has come, the earlier request has been dealt with.
    await signInByEmail('somebody@example.com');
    expect(mailsTo('nobody@example.com')).toEqual([]);
    const bad = await fx.app.inject({ method: 'POST', url: '/api/account/sign-in-link', payload: { email: 'not an address' } });
    expect(bad.statusCode).toBe(400);
  });

  it('a gift is managed by its buyer, not its recipient', async () => {
    const row = await subscribe('mom@example.com', { gift: true, buyerName: 'Sam Diaz', buyerEmail: 'sam@example.com' });
    const buyer = await signInByEmail('sam@example.com');
    expect((await account(buyer)).subscriptions.map((s) => s.id)).toEqual([row.id]);
    const recipient = await signInWithGoogle('mom@example.com');
    expect((await account(recipient.idToken)).subscriptions).toEqual([]);
  });
});
