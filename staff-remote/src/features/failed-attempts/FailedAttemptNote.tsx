import { FAILED_REASON_LABELS, FAILED_REASON_SHORT, isOpenAttempt } from '@blooms/shared/contract/failed-attempts';
import { formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import type { MonthDelivery } from '@blooms/shared/contract/deliveries';
import './failed-attempts.css';

/** A stop's failed attempt in words: "Could not deliver: <why>" while it waits, "Moved to <day>" once staff moved it. */
export function failedAttemptText(delivery: MonthDelivery, short = false): string | null {
  const attempt = delivery.failedAttempt;
  if (!attempt) return null;
  if (attempt.rescheduledTo) return delivery.status === 'delivered' ? null : `Moved to ${formatDeliveryDate(attempt.rescheduledTo)}`;
  const why = short ? FAILED_REASON_SHORT[attempt.reason] : FAILED_REASON_LABELS[attempt.reason];
  return isOpenAttempt(attempt, delivery.status) ? `Could not deliver: ${why}` : null;
}

/** The note; `short` for the dashboard's narrow status column (the reason in a word or two). */
export function FailedAttemptNote({ delivery, short = false }: { delivery: MonthDelivery; short?: boolean }) {
  const text = failedAttemptText(delivery, short);
  if (!text) return null;
  const open = isOpenAttempt(delivery.failedAttempt, delivery.status);
  return <span className={`failed-note${open ? ' failed-note--open' : ''}`}>{text}</span>;
}
