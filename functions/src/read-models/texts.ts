import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { DeliveryDayMessage, TextState } from '@blooms/shared/contract/texts';
import type { Db } from '../db/database';
import { emailOutbox, smsOutbox, textConsents } from '../db/schema';

/** The subscription's text setting, from its newest consent row: off when it has none. */
export async function textStateOf(db: Db, subscriptionId: string): Promise<TextState> {
  const [latest] = await db
    .select()
    .from(textConsents)
    .where(eq(textConsents.subscriptionId, subscriptionId))
    .orderBy(desc(textConsents.id))
    .limit(1);
  if (!latest) return { state: 'off', phone: null, since: null, how: null };
  return {
    state: latest.action === 'opt-in' ? 'on' : 'off',
    phone: latest.action === 'opt-in' ? latest.phone : null,
    since: latest.at.toISOString(),
    how: latest.source,
  };
}

/** Every consent given or withdrawn, newest first, for the history. */
export async function textConsentHistory(db: Db, subscriptionId: string) {
  const rows = await db.select().from(textConsents).where(eq(textConsents.subscriptionId, subscriptionId)).orderBy(desc(textConsents.id));
  return rows.map((row) => ({ at: row.at.toISOString(), action: row.action, source: row.source, phone: row.phone, wording: row.wording }));
}

/** E-mails sent on delivery days (by their kind), listed with the texts. */
export const DELIVERY_DAY_EMAIL_KINDS = ['left-at-door', 'on-the-way'];

/** The delivery-day e-mails and texts of a subscription, newest first, each with where it stands. */
export async function deliveryDayMessages(db: Db, subscriptionId: string): Promise<DeliveryDayMessage[]> {
  const texts = await db.select().from(smsOutbox).where(eq(smsOutbox.subscriptionId, subscriptionId));
  const emails = await db
    .select()
    .from(emailOutbox)
    .where(sql`${emailOutbox.subscriptionId} = ${subscriptionId} and ${inArray(emailOutbox.kind, DELIVERY_DAY_EMAIL_KINDS)}`);
  const messages: DeliveryDayMessage[] = [
    ...texts.map((text) => ({
      channel: 'text' as const,
      at: text.createdAt.toISOString(),
      month: text.month,
      kind: text.kind,
      summary: text.body,
      status: text.sentAt
        ? ('sent' as const)
        : text.optedOutAt
          ? ('opted-out' as const)
          : text.tooLateAt
            ? ('too-late' as const)
            : text.gaveUpAt
              ? ('failed' as const)
              : ('queued' as const),
      sentAt: text.sentAt?.toISOString() ?? null,
    })),
    ...emails.map((mail) => ({
      channel: 'email' as const,
      at: mail.createdAt.toISOString(),
      month: null,
      kind: mail.kind,
      summary: mail.subject,
      status: mail.sentAt ? ('sent' as const) : mail.gaveUpAt ? ('failed' as const) : ('queued' as const),
      sentAt: mail.sentAt?.toISOString() ?? null,
    })),
  ];
  return messages.sort((a, b) => b.at.localeCompare(a.at));
}
