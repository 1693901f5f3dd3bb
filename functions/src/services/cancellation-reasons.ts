import { count, desc, gte } from 'drizzle-orm';
import { CANCEL_REASONS, type CancelReason } from '@blooms/shared/contract/account';
import type { Db } from '../db/database';
import { cancellationReasons } from '../db/schema';

/** Keeps why a subscription was cancelled, inside the cancellation's own transaction. */
export async function recordCancellationReason(
  tx: Db,
  subscriptionId: string,
  reason: { reason: CancelReason; otherText: string },
): Promise<void> {
  await tx
    .insert(cancellationReasons)
    .values({ subscriptionId, reason: reason.reason, otherText: reason.reason === 'other' ? reason.otherText : '' });
}

/** The owner's figures: how many cancellations gave each reason since a day, every reason listed (0 when none), most first. */
export async function cancellationReasonFigures(db: Db, since: Date): Promise<{ reason: CancelReason; label: string; count: number }[]> {
  const rows = await db
    .select({ reason: cancellationReasons.reason, count: count() })
    .from(cancellationReasons)
    .where(gte(cancellationReasons.at, since))
    .groupBy(cancellationReasons.reason)
    .orderBy(desc(count()));
  const counted = new Map(rows.map((row) => [row.reason, Number(row.count)]));
  return CANCEL_REASONS.map((r) => ({ reason: r.id as CancelReason, label: r.label, count: counted.get(r.id) ?? 0 })).sort(
    (a, b) => b.count - a.count,
  );
}
