import { eq } from 'drizzle-orm';
import { TEXT_CONSENT_WORDING } from '@blooms/shared/contract/texts';
import { textConsents } from '../src/db/schema';
import { DATABASE_KINDS } from './support/databases';
import { accountFixture } from './support/account-fixture';

describe.each(DATABASE_KINDS)('delivery-day texts in the account on %s', (kind) => {
  const { fx, subscribe, signInByEmail, account, change } = accountFixture(kind);
  const consents = (id: string) =>
    fx.database.db.select().from(textConsents).where(eq(textConsents.subscriptionId, id)).orderBy(textConsents.id);

  it('shows the consent given on the subscribe form, and records turning texts off and on again with the wording shown', async () => {
    const email = `texts-${kind}@example.com`;
    const row = await subscribe(email, { texts: true, textPhone: '(801) 555-0177' });
    const token = await signInByEmail(email);
    expect((await account(token)).subscriptions[0]!.texts).toEqual({
      state: 'on',
      phone: '+18015550177',
      since: expect.any(String),
      how: 'subscribe',
    });

    const off = await change(token, 'PUT', `/api/account/subscriptions/${row.id}/texts`, { texts: 'off' });
    expect(off.statusCode).toBe(200);
    expect(off.json().subscriptions[0].texts).toMatchObject({ state: 'off', phone: null, how: 'account' });

    const wrongWording = await change(token, 'PUT', `/api/account/subscriptions/${row.id}/texts`, {
      texts: 'on',
      phone: '8015550177',
      wording: 'ok',
    });
    expect(wrongWording.statusCode).toBe(400);
    const badPhone = await change(token, 'PUT', `/api/account/subscriptions/${row.id}/texts`, {
      texts: 'on',
      phone: '123',
      wording: TEXT_CONSENT_WORDING,
    });
    expect(badPhone.statusCode).toBe(400);

    const on = await change(token, 'PUT', `/api/account/subscriptions/${row.id}/texts`, {
      texts: 'on',
      phone: '801.555.0178',
      wording: TEXT_CONSENT_WORDING,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().subscriptions[0].texts).toMatchObject({ state: 'on', phone: '+18015550178', how: 'account' });
    expect((await consents(row.id)).map((c) => [c.action, c.source, c.phone, c.wording])).toEqual([
      ['opt-in', 'subscribe', '+18015550177', TEXT_CONSENT_WORDING],
      ['opt-out', 'account', '+18015550177', ''],
      ['opt-in', 'account', '+18015550178', TEXT_CONSENT_WORDING],
    ]);
  });

  it("refuses to change another subscriber's texts", async () => {
    const theirs = await subscribe(`texts-theirs-${kind}@example.com`, { texts: true, textPhone: '8015550179' });
    await subscribe(`texts-mine-${kind}@example.com`);
    const token = await signInByEmail(`texts-mine-${kind}@example.com`);
    const attempt = await change(token, 'PUT', `/api/account/subscriptions/${theirs.id}/texts`, { texts: 'off' });
    expect(attempt.statusCode).toBeGreaterThanOrEqual(400);
    expect(await consents(theirs.id)).toHaveLength(1);
  });
});
