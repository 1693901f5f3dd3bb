import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { HOST_STARTUP_FILES } from '@blooms/shared/contract/app-start';
import {
  REMOTE_FILES_LIST,
  SEND_QUEUED_TAG,
  STAFF_OFFLINE_SCOPE,
  STAFF_SERVICE_WORKER_PATH,
  WEB_APP_MANIFEST_PATH,
  type StaffPageMessage,
  type StaffWorkerMessage,
} from '@blooms/shared/contract/staff-offline';

/**
 * Installs My Deliveries' service worker (host/src/service-worker/) and hands it the files
 * this page loaded before it took over, so the screen opens again with no signal.
 */
export async function startStaffWorker(): Promise<void> {
  linkWebAppManifest();
  if (!('serviceWorker' in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.register(STAFF_SERVICE_WORKER_PATH, { scope: STAFF_OFFLINE_SCOPE });
    const worker = registration.active ?? registration.waiting ?? registration.installing;
    if (!worker) return;
    await activated(worker);
    const message: StaffWorkerMessage = { type: 'keep', urls: [...new Set([...loadedFiles(), ...(await filesToOpenWith())])] };
    worker.postMessage(message);
  } catch (error) {
    // Development builds have no worker; without one the screen still queues changes while open.
    console.warn('My Deliveries will not open offline: its service worker did not start', error);
  }
}

/** Makes My Deliveries installable on a phone's home screen (WEB_APP_MANIFEST_PATH says why only here). */
function linkWebAppManifest() {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = WEB_APP_MANIFEST_PATH;
  document.head.append(link);
}

function activated(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    if (worker.state === 'activated') return resolve();
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve();
    });
  });
}

/** The page and every file it loaded from the site or a remote; API replies are kept as they pass through the worker. */
function loadedFiles(): string[] {
  const config = useAppConfig.getState().config;
  const origins = new Set([location.origin, ...Object.values(config?.remotes ?? {}).map((url) => new URL(url, location.href).origin)]);
  const files = performance.getEntriesByType('resource').map((entry) => entry.name);
  return [location.href, ...files].filter((url) => {
    const parsed = new URL(url);
    return origins.has(parsed.origin) && !parsed.pathname.startsWith('/api/');
  });
}

/**
 * What the screen may load when it opens offline beyond what this page loaded: the files the
 * host's start loads (a direct open starts differently from a sign-in), and every file of this
 * remote (which copy of a shared module a page loads depends on the order things arrived).
 */
async function filesToOpenWith(): Promise<string[]> {
  const hostList = new URL(`/${HOST_STARTUP_FILES}`, location.href);
  const manifest = useAppConfig.getState().config?.remotes.staff;
  const remoteList = manifest ? new URL(REMOTE_FILES_LIST, new URL(manifest, location.href)) : null;
  const host = (await readList(hostList)) as Record<string, string[]> | null;
  const remote = remoteList && ((await readList(remoteList)) as string[] | null);
  return [
    ...Object.values(host ?? {})
      .flat()
      .map((file) => new URL(file, hostList).href),
    ...(remote ?? []).map((file) => new URL(file, remoteList!).href),
  ];
}

/** A list of files as JSON; null when offline already, or from a build without it (the files this page loaded are kept all the same). */
async function readList(url: URL): Promise<unknown> {
  try {
    const response = await fetch(url);
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

/** Asks the browser to wake the worker once the connection is back (Background Sync, where the browser has it). */
export async function askToSendWhenOnline(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration(STAFF_OFFLINE_SCOPE).catch(() => undefined);
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }) | undefined)?.sync;
  await sync?.register(SEND_QUEUED_TAG).catch(() => undefined);
}

/** Calls back when the worker says the connection is back. */
export function onWorkerAsksToSend(callback: () => void): () => void {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return () => undefined;
  const listener = (event: MessageEvent<StaffPageMessage>) => {
    if (event.data?.type === 'send-queued') callback();
  };
  container.addEventListener('message', listener);
  return () => container.removeEventListener('message', listener);
}
