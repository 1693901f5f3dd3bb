import type { LiveState } from '@blooms/shared/runtime/live-client';

const TEXT: Record<LiveState, string> = {
  connecting: 'Connecting…',
  live: 'Live updates on',
  reconnecting: 'Reconnecting…',
};

export function LiveIndicator({ state }: { state: LiveState }) {
  return (
    <p className={`live-indicator live-indicator--${state}`} role="status">
      <span aria-hidden="true" className="live-indicator__dot" />
      {TEXT[state]}
    </p>
  );
}
