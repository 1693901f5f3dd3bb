// The service worker of My Deliveries (scope: /my-deliveries only). It keeps what the screen
// needs to open with no signal: every GET goes to the network first and falls back to the
// copy kept from the last success. Writes are never touched: the page queues those itself
// (IndexedDB) and sends them when the connection returns, which Background Sync tells it.
import type { StaffPageMessage, StaffWorkerMessage } from '@blooms/shared/contract/staff-offline';
import { SEND_QUEUED_TAG, STAFF_OFFLINE_CACHE as CACHE } from '@blooms/shared/contract/staff-offline';

declare const self: ServiceWorkerGlobalScope;

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith('http')) return;
  // The live feed is a stream that never ends: nothing to keep.
  if (request.headers.get('Accept') === 'text/event-stream') return;
  event.respondWith(networkFirst(request));
});

async function networkFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (offline) {
    const kept = await cache.match(request, { ignoreVary: true });
    if (kept) return kept;
    throw offline;
  }
}

self.addEventListener('message', (event) => {
  const message = event.data as StaffWorkerMessage;
  if (message?.type === 'keep') event.waitUntil(keep(message.urls));
});

/** Fetches and keeps files the page loaded before this worker controlled it. */
async function keep(urls: string[]): Promise<void> {
  const cache = await caches.open(CACHE);
  await Promise.all(
    urls.map(async (url) => {
      if (await cache.match(url)) return;
      try {
        const response = await fetch(url, { mode: 'cors', credentials: 'omit' });
        if (response.ok) await cache.put(url, response);
      } catch {
        // Offline already, or a file that is gone: the next online visit keeps it.
      }
    }),
  );
}

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== SEND_QUEUED_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((pages) => {
      const message: StaffPageMessage = { type: 'send-queued' };
      for (const page of pages) page.postMessage(message);
    }),
  );
});
