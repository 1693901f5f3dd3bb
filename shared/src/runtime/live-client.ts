import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { ApiError, endsSession, isUnreadableReply } from '@blooms/shared/runtime/api-client';
import { staffApi } from '@blooms/shared/runtime/staff-api';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { liveEventSchema, type LiveEvent } from '../contract/live';
import { sseDataParser } from '../contract/sse';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/**
 * Follows /api/live. When the stream drops it reconnects with backoff and, once back,
 * delivers a 'resync' event so the screen reloads whatever it may have missed (as it does for
 * an event it cannot read: the screen's own requests then say if the page is out of date).
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
      if (!(await useAuthStore.getState().getIdToken())) throw new Error('not signed in');
      const response = await staffApi
        .live({ url: useAppConfig.getState().config?.liveUrl, signal: abort.signal })
        .catch((error: unknown) => {
          // Disabled, expired or removed: no point retrying. The refusal signed the person out, which sends the screen to /login.
          // Nor when the API has no live feed (one of another release): the page's other calls say to reload it.
          if ((error instanceof ApiError && endsSession(error)) || isUnreadableReply(error)) stopped = true;
          throw error;
        });
      if (!response.body) throw new Error('the live feed sent no stream');
      onState('live');
      if (attempt > 0) onEvent({ type: 'resync' });
      attempt = 0;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      // An event this page cannot read (from an API of another release) reloads what the screen shows instead.
      const feed = sseDataParser((data) => {
        const event = liveEventSchema.safeParse(JSON.parse(data));
        onEvent(event.success ? event.data : { type: 'resync' });
      });
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        feed(decoder.decode(value, { stream: true }));
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
