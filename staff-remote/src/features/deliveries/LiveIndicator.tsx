import type { LiveState } from '@blooms/shared/runtime/live-client';
import { useOnline } from '../offline/use-online';

const TEXT: Record<LiveState | 'offline', string> = {
  connecting: 'Connecting…',
  live: 'Live updates on',
  reconnecting: 'Reconnecting…',
  offline: 'Offline: no live updates',
};

/** The live feed's state; with no network it says so at once, not when the stream times out. */
export function LiveIndicator({ state }: { state: LiveState }) {
  const shown = useOnline() ? state : 'offline';
  return (
    <p className={`live-indicator live-indicator--${shown}`} role="status">
      <span aria-hidden="true" className="live-indicator__dot" />
      {TEXT[shown]}
    </p>
  );
}
