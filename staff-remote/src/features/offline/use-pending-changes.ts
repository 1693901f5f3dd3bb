import { useCallback, useEffect, useRef, useState } from 'react';
import type { MonthDelivery, SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { pendingStore, type NewPendingChange, type PendingChange } from '@blooms/shared/runtime/staff-pending-store';
import { isOpenAttempt } from '@blooms/shared/contract/failed-attempts';
import { sendPending } from './send-pending';
import { askToSendWhenOnline, onWorkerAsksToSend } from './staff-worker';

/** While the server cannot take a change (it answered 5xx), ask again this often. */
export const RETRY_AFTER_MS = 15_000;

export interface NotSent {
  id: number;
  message: string;
}

/**
 * The driver's changes kept on this device until they reach the server, oldest first. They
 * are sent when the connection returns (the browser's online event, or the service worker's
 * Background Sync), when the screen opens, and every RETRY_AFTER_MS while any wait. A change
 * the server refuses for good is taken off the list and said in notSent: never dropped unseen.
 */
export function usePendingChanges(owner: string | null, onDelivery: (delivery: MonthDelivery) => void) {
  const [pending, setPending] = useState<PendingChange[]>([]);
  const [notSent, setNotSent] = useState<NotSent[]>([]);
  const sending = useRef(false);
  const sendAgain = useRef(false);
  const latest = useRef({ owner, onDelivery });
  latest.current = { owner, onDelivery };
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const send = useCallback(async () => {
    const me = latest.current.owner;
    if (!me) return;
    if (sending.current) {
      // A change kept while sending: go round once more when this round ends.
      sendAgain.current = true;
      return;
    }
    sending.current = true;
    clearTimeout(retryTimer.current);
    try {
      for (const change of await pendingStore.list(me)) {
        const outcome = await sendPending(change);
        if (outcome.kind === 'wait') {
          retryTimer.current = setTimeout(() => void send(), RETRY_AFTER_MS);
          break;
        }
        await pendingStore.remove(change.id);
        setPending((current) => current.filter((c) => c.id !== change.id));
        if (outcome.delivery) latest.current.onDelivery(outcome.delivery);
        if (outcome.kind === 'not-sent') setNotSent((current) => [...current, { id: change.id, message: outcome.message }]);
      }
    } catch (error) {
      console.error('Could not read the changes kept on this device', error);
    } finally {
      sending.current = false;
      if (sendAgain.current) {
        sendAgain.current = false;
        void send();
      }
    }
  }, []);

  useEffect(() => {
    if (!owner) return setPending([]);
    pendingStore.list(owner).then(
      (kept) => {
        setPending(kept);
        if (kept.length > 0 && navigator.onLine) void send();
      },
      (error: unknown) => console.error('Could not read the changes kept on this device', error),
    );
  }, [owner, send]);

  useEffect(() => {
    const onOnline = () => void send();
    window.addEventListener('online', onOnline);
    const stopListening = onWorkerAsksToSend(onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      stopListening();
      clearTimeout(retryTimer.current);
    };
  }, [send]);

  /**
   * Keeps a change on the device. It goes out when the connection returns, or with sendNow
   * at once (it only waits behind earlier changes); otherwise within RETRY_AFTER_MS, since a
   * phone can believe it is online with no usable signal.
   */
  const keep = useCallback(
    async (change: Omit<NewPendingChange, 'owner'>, sendNow: boolean) => {
      const me = latest.current.owner;
      if (!me) return;
      const kept = await pendingStore.add({ ...change, owner: me });
      setPending((current) => [...current, kept]);
      void askToSendWhenOnline();
      if (sendNow) void send();
      else if (!sending.current) {
        clearTimeout(retryTimer.current);
        retryTimer.current = setTimeout(() => void send(), RETRY_AFTER_MS);
      }
    },
    [send],
  );

  const dismissNotSent = useCallback((id: number) => setNotSent((current) => current.filter((n) => n.id !== id)), []);

  return { pending, notSent, keep, dismissNotSent };
}

/** The rows as the driver left them: each kept change shown as if it had been sent. */
export function withPendingChanges(rows: SubscriptionRow[], pending: PendingChange[]): SubscriptionRow[] {
  if (pending.length === 0) return rows;
  return rows.map((row) => {
    const changes = pending.filter((p) => p.subscriptionId === row.id && p.month === row.delivery.month);
    return changes.length === 0 ? row : { ...row, delivery: changes.reduce(withChange, row.delivery) };
  });
}

/** The delivery as it will stand once the kept change is sent: a Could not deliver shows as an open attempt, its photo not yet online. */
function withChange(delivery: MonthDelivery, { change, queuedAt }: PendingChange): MonthDelivery {
  if (change.to !== 'could-not-deliver') return { ...delivery, status: change.to };
  if (isOpenAttempt(delivery.failedAttempt, delivery.status)) return delivery;
  const attempt = (delivery.failedAttempt?.attempt ?? 0) + 1;
  return { ...delivery, failedAttempt: { reason: change.reason, at: queuedAt, attempt, photoUrl: null, rescheduledTo: null } };
}
