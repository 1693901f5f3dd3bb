import type { LiveEvent } from '@blooms/shared/contract/live';
import { sseDataParser } from '@blooms/shared/contract/sse';

/** Reads /api/live as a staff screen does, collecting events and when they arrived. */
export async function openLiveStream(baseUrl: string, idToken: string) {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/live`, { headers: { Authorization: `Bearer ${idToken}` }, signal: abort.signal });
  const received: { event: LiveEvent; at: number }[] = [];
  let ended = false;
  let waiters: (() => void)[] = [];
  const wake = () => {
    for (const waiter of waiters) waiter();
    waiters = [];
  };

  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      const feed = sseDataParser((data) => {
        received.push({ event: JSON.parse(data) as LiveEvent, at: Date.now() });
        wake();
      });
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) feed(decoder.decode(chunk, { stream: true }));
      } catch {
        // aborted
      }
      ended = true;
      wake();
    })();
  }

  return {
    status: response.status,
    received,
    get ended() {
      return ended;
    },
    /**
     * Resolves with the first event matching, failing after timeoutMs: a deadline for a test that
     * would otherwise hang, not a latency claim (the browser suite holds live updates to a second).
     */
    async next(match: (event: LiveEvent) => boolean, timeoutMs = 5000): Promise<{ event: LiveEvent; at: number }> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((r) => match(r.event));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0 || ended)
          throw new Error(`no matching live event within ${timeoutMs} ms; got ${JSON.stringify(received.map((r) => r.event))}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
    async waitForEnd(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return ended;
    },
    close: () => abort.abort(),
  };
}
