import { eq } from 'drizzle-orm';
import { type Account } from '@blooms/shared/contract/account';
import { cancelRefundText } from '@blooms/shared/contract/billing';
import { addMonths, monthsSelected, type MonthKey } from '@blooms/shared/contract/months';
import { ledgerEntries } from '../src/db/schema';
import { ledgerOf, monthBalances, paidMonthsOf } from '../src/read-models/ledger';
import { DATABASE_KINDS } from './support/databases';
import { waitFor } from './support/wait-for';
import { accountFixture } from './support/account-fixture';

describe.each(DATABASE_KINDS)('the money ledger on %s', (kind) => {
  const { fx, soonMonth, subscribe, mailsTo, signInByEmail, account, change } = accountFixture(kind);
  const number = (month: MonthKey) => Number(month.slice(5, 7));
  const only = (months: MonthKey[]) => monthsSelected(months.map(number));
  const entriesOf = async (id: string) => (await ledgerOf(fx.database.db, [id])).map(({ id: _id, at: _at, ...entry }) => entry);

  it('a skipped paid month hands its money on with a carry: the charge stays as written, and each month’s balance is the sum of its entries', async () => {
    const later = addMonths(soonMonth(), 2);
    const row = await subscribe('carry@example.com', { selectedMonths: only([later, addMonths(later, 1)]) });
    const token = await signInByEmail('carry@example.com');
    const [charge] = await fx.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.subscriptionId, row.id));
    expect(charge).toMatchObject({ kind: 'charge', month: later, amountCents: 9900, paymentRef: `checkout:${row.checkoutSessionId}` });

    expect((await change(token, 'PUT', `/api/account/subscriptions/${row.id}/skips/${later}`)).statusCode).toBe(200);
    const entries = await entriesOf(row.id);
    expect(entries.map((e) => [e.kind, e.month, e.amountCents, e.paymentRef, e.actorKind, e.actor])).toEqual([
      ['charge', later, 9900, charge!.paymentRef, 'provider', charge!.paymentRef],
      ['carry', later, -9900, charge!.paymentRef, 'subscriber', 'carry@example.com'],
      ['carry', addMonths(later, 1), 9900, charge!.paymentRef, 'subscriber', 'carry@example.com'],
    ]);
    // The two halves of a carry share their id; the charge row is exactly as it was written.
    expect(entries[1]!.entryRef).toBe(entries[2]!.entryRef);
    const [unchanged] = await fx.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, charge!.id));
    expect(unchanged).toEqual(charge);
    expect(monthBalances(await ledgerOf(fx.database.db, [row.id])).map((b) => [b.month, b.balanceCents, b.paid])).toEqual([
      [later, 0, false],
      [addMonths(later, 1), 9900, true],
    ]);

    // Back on: the skipped month is unpaid again (its money stays where it went), and nothing is rewritten.
    const back = await change(token, 'DELETE', `/api/account/subscriptions/${row.id}/skips/${later}`);
    const coming = (back.json() as Account).subscriptions[0]!.coming;
    expect(coming.find((m) => m.month === later)).toMatchObject({ state: 'delivering', paid: false, chargeCents: 9900 });
    expect(coming.find((m) => m.month === addMonths(later, 1))).toMatchObject({ paid: true, chargeCents: 0 });
    expect(await entriesOf(row.id)).toEqual(entries);
  });

  it('cancelling a one-month plan whose paid month was skipped to next year refunds it, as the prompt says, and keeps nothing', async () => {
    const later = addMonths(soonMonth(), 2);
    const row = await subscribe('one@example.com', { selectedMonths: only([later]) });
    const token = await signInByEmail('one@example.com');
    const skipped = await change(token, 'PUT', `/api/account/subscriptions/${row.id}/skips/${later}`);
    const nextYear = addMonths(later, 12);
    // The money went to next year's delivery, further ahead than the account shows.
    expect((skipped.json() as Account).subscriptions[0]!.payments.map((p) => p.month)).toEqual([nextYear]);
    const prompt = (await account(token)).subscriptions[0]!;
    expect(prompt).toMatchObject({ lastDeliveryIfCancelled: null, refundIfCancelledCents: 9900 });
    expect(cancelRefundText(prompt.refundIfCancelledCents, false)).toBe(
      '$99 already paid for a month that would not be delivered is refunded to your card.',
    );

    const cancelled = await change(token, 'POST', `/api/account/subscriptions/${row.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect((cancelled.json() as Account).subscriptions[0]!.payments).toEqual([
      expect.objectContaining({ month: nextYear, amountCents: 9900, refundedCents: 9900, refunded: true }),
    ]);
    const refund = (await entriesOf(row.id)).at(-1)!;
    expect(refund).toMatchObject({
      kind: 'refund',
      month: nextYear,
      amountCents: -9900,
      paymentRef: `checkout:${row.checkoutSessionId}`,
      delivery: 'dropped',
      actorKind: 'subscriber',
      actor: 'one@example.com',
    });
    expect(refund.entryRef).toMatch(/^re_local_/);
    expect(monthBalances(await ledgerOf(fx.database.db, [row.id])).every((b) => b.balanceCents === 0)).toBe(true);
    expect(await paidMonthsOf(fx.database.db, row.id)).toEqual(new Set());
    fx.app.emailOutbox.wake();
    await waitFor(() =>
      mailsTo('one@example.com').some(
        (mail) =>
          mail.includes('Your subscription is cancelled') && mail.includes('The 1 delivery not made, $99, is refunded to your card.'),
      ),
    );
  });

  it('cancelling keeps the paid month that is still delivered as the last delivery, and refunds nothing', async () => {
    const later = addMonths(soonMonth(), 2);
    const row = await subscribe('keep@example.com', { selectedMonths: only([later, addMonths(later, 1)]) });
    const token = await signInByEmail('keep@example.com');
    const prompt = (await account(token)).subscriptions[0]!;
    expect(prompt.refundIfCancelledCents).toBe(0);
    expect(prompt.lastDeliveryIfCancelled).not.toBeNull();
    const cancelled = await change(token, 'POST', `/api/account/subscriptions/${row.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect((await entriesOf(row.id)).map((e) => e.kind)).toEqual(['charge']);
    expect([...(await paidMonthsOf(fx.database.db, row.id))]).toEqual([later]);
  });
});
