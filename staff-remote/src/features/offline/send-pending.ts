import { ApiError, isUnreadableReply } from '@blooms/shared/runtime/api-client';
import { statusLabel, type MonthDelivery } from '@blooms/shared/contract/deliveries';
import { stepLabel } from '@blooms/shared/contract/vases';
import { FAILED_REASON_SHORT, isOpenAttempt } from '@blooms/shared/contract/failed-attempts';
import { deliveriesApi, freshDeliveryOf } from '../deliveries/api';
import { failedAttemptsApi } from '../failed-attempts/api';
import type { PendingChange } from '@blooms/shared/runtime/staff-pending-store';

/** What sending one kept change came to. */
export type SendOutcome =
  /** Done: the delivery as it now stands. */
  | { kind: 'sent'; delivery: MonthDelivery }
  /** Refused for good (someone changed the stop first, or it is no longer the driver's): said to the driver. */
  | { kind: 'not-sent'; message: string; delivery: MonthDelivery | null }
  /** No connection, or the server could not take it just now: keep it and try again later. */
  | { kind: 'wait' };

/**
 * Failures that say nothing about the change itself: no network, a timeout, a server in trouble,
 * a session to renew; or a reply the app cannot read (an API of another release: the change may
 * even have been made), kept until the page is reloaded, when the queue finds out.
 */
export function isTemporaryFailure(error: unknown): boolean {
  if (!(error instanceof ApiError) || isUnreadableReply(error)) return true;
  return error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Whether the delivery already stands where the change was taking it (an earlier try got through before the connection dropped). */
function reached(change: PendingChange['change'], delivery: MonthDelivery): boolean {
  // Marked and still open: the server keeps the first mark (and its photo) and tells the subscriber once.
  if (change.to === 'could-not-deliver') return isOpenAttempt(delivery.failedAttempt, delivery.status);
  if (delivery.status !== change.to) return false;
  return change.to !== 'delivered' || change.method === 'hand' || delivery.proofImageUrl !== null;
}

/** The change as the driver pressed it, for the message when it is not sent. */
function whatOf(change: PendingChange['change'], pickup: boolean): string {
  if (change.to === 'could-not-deliver') return `Could not deliver (${FAILED_REASON_SHORT[change.reason]})`;
  return stepLabel(change, pickup);
}

function send({ subscriptionId, month, change }: PendingChange): Promise<MonthDelivery> {
  if (change.to === 'out-for-delivery') return deliveriesApi.advanceStatus(subscriptionId, month, 'not-started');
  if (change.to === 'could-not-deliver')
    return failedAttemptsApi.markFailed({ subscriptionId, month, reason: change.reason, photo: change.photo });
  return deliveriesApi.recordProof({ subscriptionId, month, method: change.method, photo: change.photo });
}

export async function sendPending(pending: PendingChange): Promise<SendOutcome> {
  const { change } = pending;
  try {
    return { kind: 'sent', delivery: await send(pending) };
  } catch (error) {
    if (isTemporaryFailure(error)) return { kind: 'wait' };
    const fresh = freshDeliveryOf(error);
    if (fresh && reached(change, fresh)) return { kind: 'sent', delivery: fresh };
    const what = whatOf(change, pending.pickup ?? fresh?.pickup ?? false);
    const why = fresh ? `Someone else set it to ${statusLabel(fresh.status)} first.` : (error as Error).message;
    return { kind: 'not-sent', delivery: fresh, message: `${pending.name}: "${what}" was not sent. ${why}` };
  }
}
