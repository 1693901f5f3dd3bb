import { displayStatus, statusLabel } from '@blooms/shared/contract/deliveries';

interface Props {
  status: string;
  /** What a click does, said to screen readers; no action renders a plain pill. */
  actionLabel?: string;
  onClick?: () => void;
  busy?: boolean;
}

export function StatusPill({ status, actionLabel, onClick, busy }: Props) {
  const className = `status-pill status-pill--${displayStatus(status)}`;
  if (!onClick) return <span className={className}>{statusLabel(status)}</span>;
  return (
    <button type="button" className={className} onClick={onClick} disabled={busy} aria-label={`${statusLabel(status)}: ${actionLabel}`}>
      {statusLabel(status)}
    </button>
  );
}
