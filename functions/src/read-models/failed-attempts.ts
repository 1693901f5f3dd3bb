import { and, eq, gt, gte, isNotNull, lte, ne, sql } from 'drizzle-orm';
import {
  DEFAULT_FAILED_POLICY,
  failedDeliveryPolicySchema,
  type FailedAttempt,
  type FailedDeliveryPolicy,
  type FailedReason,
} from '@blooms/shared/contract/failed-attempts';
import { failedPhotoPath } from '@blooms/shared/contract/failed-attempts-api-routes';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { Db } from '../db/database';
import { deliveries, siteSettings } from '../db/schema';

/** A stop's failed attempt as the month list reads it (migration 0032). */
export const failedColumns = {
  failedReason: deliveries.failedReason,
  failedAt: deliveries.failedAt,
  failedPhotoKey: deliveries.failedPhotoKey,
  failedAttempts: deliveries.failedAttempts,
  retryOn: deliveries.retryOn,
};
export type FailedColumns = {
  failedReason: FailedReason | null;
  failedAt: Date | null;
  failedPhotoKey: string | null;
  failedAttempts: number | null;
  retryOn: string | null;
};

/** The month's last failed attempt of a stop, or null when none failed. */
export function failedAttemptOf(subscriptionId: string, month: MonthKey, d: FailedColumns): FailedAttempt | null {
  if (!d.failedReason || !d.failedAt) return null;
  return {
    reason: d.failedReason,
    at: d.failedAt.toISOString(),
    attempt: d.failedAttempts ?? 1,
    photoUrl: d.failedPhotoKey ? failedPhotoPath(subscriptionId, month) : null,
    rescheduledTo: d.retryOn,
  };
}

/** An attempt still waiting for staff, in SQL: marked, not moved to another day, still out. */
export const openAttemptSql = sql`(${deliveries.failedAt} is not null and ${deliveries.retryOn} is null and ${deliveries.status} = 'out-for-delivery')`;

export const FAILED_POLICY_SETTING = 'failed-delivery';

/** What the studio does after a failed attempt: the admins' choice, else another try the next day. */
export async function failedDeliveryPolicy(db: Db): Promise<FailedDeliveryPolicy> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.name, FAILED_POLICY_SETTING));
  const parsed = failedDeliveryPolicySchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_FAILED_POLICY;
}

/** The photo key of a stop's failed attempt, or null. */
export async function failedPhotoKey(db: Db, subscriptionId: string, month: MonthKey): Promise<string | null> {
  const [row] = await db
    .select({ key: deliveries.failedPhotoKey })
    .from(deliveries)
    .where(and(eq(deliveries.subscriptionId, subscriptionId), eq(deliveries.month, month)));
  return row?.key ?? null;
}

/** How many attempts failed on each month's stops, from..to (the owner's figures). */
export async function failedAttemptsByMonth(db: Db, from: MonthKey, to: MonthKey): Promise<Map<string, number>> {
  const rows = await db
    .select({ month: deliveries.month, n: sql<number>`coalesce(sum(${deliveries.failedAttempts}), 0)`.mapWith(Number) })
    .from(deliveries)
    .where(and(gte(deliveries.month, from), lte(deliveries.month, to), gt(deliveries.failedAttempts, 0)))
    .groupBy(deliveries.month);
  return new Map(rows.map((row) => [row.month, row.n]));
}

/** Stops of each month, from..to, whose attempt failed and that are not delivered yet: flowers to take out again (the forecast). */
export async function failedWaitingByMonth(db: Db, from: MonthKey, to: MonthKey): Promise<Map<string, number>> {
  const rows = await db
    .select({ month: deliveries.month, n: sql<number>`count(*)`.mapWith(Number) })
    .from(deliveries)
    .where(and(gte(deliveries.month, from), lte(deliveries.month, to), isNotNull(deliveries.failedAt), ne(deliveries.status, 'delivered')))
    .groupBy(deliveries.month);
  return new Map(rows.map((row) => [row.month, row.n]));
}
