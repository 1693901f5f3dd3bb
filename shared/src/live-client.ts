import { useAppConfig } from '@blooms/shared/app-config';
import { useAuthStore } from '@blooms/shared/auth-store';
import { showPopup } from '@blooms/shared/popup-store';
import type { LiveEvent } from './live';
import { MESSAGES } from './messages';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/**
 * Follows /api/live. When the stream drops it reconnects with backoff and, once back,
 * delivers a 'resync' event so the screen reloads whatever it may have missed.
 * Returns a function that disconnects.
 */
export function connectLive(onEvent: (event: LiveEvent) => void, onState: (state: LiveState) => void = () => undefined): () => void {
  let stopped = false;
  let attempt = 0;
  let abort: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const run = async () => {
    abort = new AbortController();
    try {
      const token = await useAuthStore.getState().getIdToken();
      if (!token) throw new Error('not signed in');
      const base = useAppConfig.getState().config?.apiBaseUrl ?? '';
      const response = await fetch(`${base}/api/live`, { headers: { Authorization: `Bearer ${token}` }, signal: abort.signal });
      if (response.status === 401 || response.status === 403) {
        // Disabled, expired or removed: no point retrying. Signing out sends the screen to /login.
        stopped = true;
        await useAuthStore.getState().signOut();
        if (response.status === 403) showPopup('error', MESSAGES.notAuthorized);
        return;
      }
      if (!response.ok || !response.body) throw new Error(`live feed answered ${response.status}`);
      onState('live');
      if (attempt > 0) onEvent({ type: 'resync' });
      attempt = 0;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .find((line) => line.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (data) onEvent(JSON.parse(data.slice(6)) as LiveEvent);
        }
      }
    } catch {
      // dropped, refused or aborted: reconnect below unless stopped
    }
    if (stopped) return;
    attempt += 1;
    onState('reconnecting');
    retryTimer = setTimeout(() => void run(), Math.min(500 * 2 ** (attempt - 1), 10_000));
  };

  onState('connecting');
  void run();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    abort?.abort();
  };
}
