import { displayStatus, statusLabel } from '@blooms/shared/contract/deliveries';
import { pickupStatusLabel } from '@blooms/shared/contract/vases';

interface Props {
  status: string;
  /** What a click does, said to screen readers; no action renders a plain pill. */
  actionLabel?: string;
  onClick?: () => void;
  busy?: boolean;
  /** A pickup-only stop: its statuses read as a pickup's (contract/vases.ts). */
  pickup?: boolean;
}

export function StatusPill({ status, actionLabel, onClick, busy, pickup = false }: Props) {
  const className = `status-pill status-pill--${displayStatus(status)}`;
  const label = pickup ? pickupStatusLabel(status) : statusLabel(status);
  if (!onClick) return <span className={className}>{label}</span>;
  return (
    <button type="button" className={className} onClick={onClick} disabled={busy} aria-label={`${label}: ${actionLabel}`}>
      {label}
    </button>
  );
}
