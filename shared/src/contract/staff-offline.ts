/**
 * The staff screens' service worker. The host serves it, because a service worker must come
 * from the page's own origin; only My Deliveries registers it, and only for its own path, so
 * public pages never load it.
 */
export const STAFF_SERVICE_WORKER_PATH = '/staff-sw.js';
export const STAFF_OFFLINE_SCOPE = '/my-deliveries';
/**
 * The web app manifest (host/public), linked by My Deliveries only: a driver's day is what is
 * worth adding to a phone's home screen. A page that links it has the browser fetch it and its
 * icon while the page loads, which public pages are better without.
 */
export const WEB_APP_MANIFEST_PATH = '/manifest.webmanifest';

/** Where the worker keeps files and API replies; the host empties it when someone signs out. */
export const STAFF_OFFLINE_CACHE = 'blooms-staff-offline-v1';

/** The Background Sync tag that wakes the service worker when the connection returns. */
export const SEND_QUEUED_TAG = 'send-queued-deliveries';

/** What My Deliveries tells its service worker. */
export interface StaffWorkerMessage {
  /** Keep these files (the page and what it loaded before the worker took over) for offline use. */
  type: 'keep';
  urls: string[];
}

/** What the service worker tells My Deliveries: the connection is back, send what is queued. */
export interface StaffPageMessage {
  type: 'send-queued';
}
