import { FAILED_REASON_LABELS, isOpenAttempt } from '@blooms/shared/contract/failed-attempts';
import { formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import type { MonthDelivery } from '@blooms/shared/contract/deliveries';
import './failed-attempts.css';

/** A stop's failed attempt in words: "Could not deliver: <why>" while it waits, "Moved to <day>" once staff moved it. */
export function failedAttemptText(delivery: MonthDelivery): string | null {
  const attempt = delivery.failedAttempt;
  if (!attempt) return null;
  if (attempt.rescheduledTo) return delivery.status === 'delivered' ? null : `Moved to ${formatDeliveryDate(attempt.rescheduledTo)}`;
  return isOpenAttempt(attempt, delivery.status) ? `Could not deliver: ${FAILED_REASON_LABELS[attempt.reason]}` : null;
}

export function FailedAttemptNote({ delivery }: { delivery: MonthDelivery }) {
  const text = failedAttemptText(delivery);
  if (!text) return null;
  const open = isOpenAttempt(delivery.failedAttempt, delivery.status);
  return <span className={`failed-note${open ? ' failed-note--open' : ''}`}>{text}</span>;
}
