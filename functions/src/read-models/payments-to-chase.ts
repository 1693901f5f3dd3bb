import { sql } from 'drizzle-orm';
import { PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import { CARD_LINK_RESEND_HOURS, type PaymentToChase } from '@blooms/shared/contract/business-figures';
import { payerOf } from '@blooms/shared/contract/subscriber';
import type { Db } from '../db/database';
import { PAID_ENTRIES_SQL } from './ledger';
import { rowsOf } from './raw-rows';

/** The e-mails about a payment not gone through: the first notice of a decline or of the bank's question, and the link sent again. */
export const PAYMENT_EMAIL_KINDS = ['payment-failed', 'payment-authentication', 'card-link'] as const;

/** What subscription_events calls a card-update link sent again by staff. */
export const CARD_LINK_EVENT = 'card-link';

interface ChaseRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  buyer_name: string;
  buyer_email: string;
  gift_message: string;
  status: PaymentToChase['status'];
  status_from: string;
  owed_months: number;
  tries: number;
  last_email_at: Date | string | null;
  last_sent_again_at: Date | string | null;
}

const instant = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * Subscriptions whose payment has not gone through (past due, or awaiting the payer's
 * authentication), longest owing first: since the month their deliveries are held from, what
 * they owe (each month from then the billing service tried to charge and that is still not
 * paid, at the price), how many tries those months had, the last e-mail about it, and when the
 * card-update link may be sent again. Who is the payer: a gift's buyer, else the subscriber.
 */
export async function paymentsToChase(db: Db, now: Date): Promise<PaymentToChase[]> {
  const rows = await rowsOf<ChaseRow>(
    db,
    sql`select s.id, s.first_name, s.last_name, s.email, s.buyer_name, s.buyer_email, s.gift_message, s.status, s.status_from,
        coalesce(owed.months, 0)::int as owed_months, coalesce(owed.tries, 0)::int as tries,
        (select max(e.created_at) from email_outbox e
          where e.subscription_id = s.id and e.kind in (${sql.join(
            PAYMENT_EMAIL_KINDS.map((kind) => sql`${kind}`),
            sql`, `,
          )})) as last_email_at,
        (select max(ev.at) from subscription_events ev where ev.subscription_id = s.id and ev.kind = ${CARD_LINK_EVENT}) as last_sent_again_at
      from subscriptions s
        left join lateral (
          select count(distinct tried.month) as months, count(*) as tries from charge_attempts tried
          where tried.subscription_id = s.id and tried.month >= s.status_from
            and not exists (select 1 from ledger_entries
              where ledger_entries.subscription_id = s.id and ledger_entries.month = tried.month having ${PAID_ENTRIES_SQL})
        ) as owed on true
      where s.status in ('past-due', 'needs-authentication')
      order by s.status_from, s.status_changed_at, s.id`,
  );
  return rows.map((row) => {
    const payer = payerOf({
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      buyerName: row.buyer_name,
      buyerEmail: row.buyer_email,
      giftMessage: row.gift_message,
    });
    const sendAgainFrom = sendAgainAfter(instant(row.last_sent_again_at));
    return {
      subscriptionId: row.id,
      name: payer.name,
      email: payer.email,
      status: row.status,
      since: row.status_from,
      owedCents: Number(row.owed_months) * PRICE_PER_MONTH_CENTS,
      tries: Number(row.tries),
      lastEmailAt: instant(row.last_email_at)?.toISOString() ?? null,
      sendAgainFrom: sendAgainFrom && sendAgainFrom > now ? sendAgainFrom.toISOString() : null,
    };
  });
}

/** When the card-update link may be sent again after it was last sent again (null: never was). */
export function sendAgainAfter(lastSentAgain: Date | null): Date | null {
  return lastSentAgain ? new Date(lastSentAgain.getTime() + CARD_LINK_RESEND_HOURS * 3600_000) : null;
}
