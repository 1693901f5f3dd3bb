import { eq } from 'drizzle-orm';
import { addMonths, formatMonth } from '@blooms/shared/contract/months';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { DEFAULT_SITE_CONTACT } from '@blooms/shared/contract/site';
import { emailOutbox, ledgerEntries, subscriptionEvents, subscriptions } from '../src/db/schema';
import { applyProviderEvent, type ProviderEvent } from '../src/services/provider-events';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { addSubscription } from './support/fixtures';
import { testNow } from './support/test-now';

const site = { ...DEFAULT_SITE_CONTACT, accountUrl: 'https://blooms.example/account' };

describe.each(DATABASE_KINDS)('what the payment provider says, applied once and in order, on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
  });
  afterAll(() => database.destroy());

  const month = addMonths(studioDate(testNow()).slice(0, 7), 2);
  const at = (minutes: number) => new Date(testNow().getTime() + minutes * 60_000);
  const event = (id: string, minutes: number, change: ProviderEvent['change'], subscriptionId: string): ProviderEvent => ({
    id,
    type: change.kind,
    createdAt: at(minutes),
    subscriptionId,
    change,
  });
  const reread = async (id: string) => (await database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const history = async (id: string) =>
    (await database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, id))).map((e) => [
      e.actorKind,
      e.actor,
      e.kind,
    ]);

  it('a replayed decline changes nothing more; an older event arriving after a newer one changes no status, though its money is recorded', async () => {
    const row = await addSubscription(database.db);
    const declined = event('pi_declined', 10, { kind: 'payment-failed', month }, row.id);
    expect(await applyProviderEvent(database.db, declined, site)).toBe('applied');
    expect(await reread(row.id)).toMatchObject({ status: 'past-due', statusFrom: month });
    expect(await applyProviderEvent(database.db, declined, site)).toBe('replayed');
    expect(await history(row.id)).toEqual([['provider', 'pi_declined', 'status']]);

    // A payment taken before the decline, told late: recorded for its month, but it does not undo the newer decline.
    const late = event('pi_earlier', 5, { kind: 'payment-succeeded', month: addMonths(month, -1), amountCents: 9900 }, row.id);
    expect(await applyProviderEvent(database.db, late, site)).toBe('stale');
    expect(await reread(row.id)).toMatchObject({ status: 'past-due' });
    const paid = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.subscriptionId, row.id));
    expect(paid.map((p) => [p.kind, p.paymentRef, p.month])).toEqual([['charge', 'pi_earlier', addMonths(month, -1)]]);

    // A newer payment for the held month makes it active again.
    expect(
      await applyProviderEvent(database.db, event('pi_retry', 20, { kind: 'payment-succeeded', month, amountCents: 9900 }, row.id), site),
    ).toBe('applied');
    expect(await reread(row.id)).toMatchObject({ status: 'active' });
  });

  it('a declined charge for a cancelled subscription’s last delivery keeps that delivery back and says so once; other events change nothing', async () => {
    const row = await addSubscription(database.db);
    await database.db
      .update(subscriptions)
      .set({ status: 'cancelled', statusFrom: addMonths(month, 1), endsAfter: month })
      .where(eq(subscriptions.id, row.id));
    const declined = event('pi_last_declined', 30, { kind: 'payment-failed', month }, row.id);
    expect(await applyProviderEvent(database.db, declined, site)).toBe('applied');
    expect(await reread(row.id)).toMatchObject({ status: 'cancelled', endsAfter: addMonths(month, -1), statusFrom: month });
    expect(await applyProviderEvent(database.db, declined, site)).toBe('replayed');
    const notices = await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'payment-failed'));
    expect(notices.filter((mail) => mail.recipient.address === row.email).map((mail) => mail.subject)).toEqual([
      `Your ${formatMonth(month)} delivery will not go out`,
    ]);
    // A decline for a month after the last delivery, or a payment, leaves a cancelled subscription as it is.
    expect(
      await applyProviderEvent(
        database.db,
        event('pi_after_end', 40, { kind: 'payment-failed', month: addMonths(month, 2) }, row.id),
        site,
      ),
    ).toBe('stale');
    expect(await reread(row.id)).toMatchObject({ endsAfter: addMonths(month, -1) });
  });

  it('the bank asking for authentication holds the month with one e-mail carrying the link; a payment releases it; a disputed subscription stays held', async () => {
    const row = await addSubscription(database.db);
    const confirmUrl = 'https://blooms.example/payment/confirm/tok';
    const asked = event('authentication:pi_auth', 50, { kind: 'needs-authentication', month, confirmUrl }, row.id);
    expect(await applyProviderEvent(database.db, asked, site)).toBe('applied');
    expect(await applyProviderEvent(database.db, asked, site)).toBe('replayed');
    expect(await reread(row.id)).toMatchObject({ status: 'needs-authentication', statusFrom: month });
    const mails = (await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'payment-authentication'))).filter(
      (mail) => mail.recipient.address === row.email,
    );
    expect(mails.map((mail) => [mail.subject, mail.text.includes(confirmUrl)])).toEqual([
      ['Please confirm your Monthly Blooms payment', true],
    ]);
    expect(
      await applyProviderEvent(database.db, event('pi_auth', 60, { kind: 'payment-succeeded', month, amountCents: 9900 }, row.id), site),
    ).toBe('applied');
    expect(await reread(row.id)).toMatchObject({ status: 'active' });

    await database.db.update(subscriptions).set({ status: 'disputed' }).where(eq(subscriptions.id, row.id));
    expect(
      await applyProviderEvent(
        database.db,
        event('pi_later', 70, { kind: 'payment-succeeded', month: addMonths(month, 1), amountCents: 9900 }, row.id),
        site,
      ),
    ).toBe('unchanged');
    expect(await reread(row.id)).toMatchObject({ status: 'disputed' });
  });

  it('an event for a subscription that does not exist is refused and records nothing', async () => {
    await expect(
      applyProviderEvent(
        database.db,
        event('pi_nobody', 1, { kind: 'payment-failed', month }, '00000000-0000-4000-8000-000000000000'),
        site,
      ),
    ).rejects.toThrow('There is no subscription');
    expect(await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentRef, 'pi_nobody'))).toEqual([]);
  });
});
