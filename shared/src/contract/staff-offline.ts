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

/** The IndexedDB database where My Deliveries keeps changes made offline; the host deletes it when someone signs out. */
export const STAFF_OFFLINE_DATABASE = 'blooms-staff';

/** A change waiting on the device, as the sign-out warning names it. */
export interface WaitingChange {
  name: string;
  change:
    | { to: 'out-for-delivery' }
    | { to: 'delivered'; method: 'hand' | 'door'; photo?: unknown }
    | { to: 'could-not-deliver'; reason: string; photo?: unknown };
}

function whatWaits({ name, change }: WaitingChange): string {
  if (change.to === 'out-for-delivery') return `${name}: Out for delivery`;
  if (change.to === 'could-not-deliver') return `${name}: Could not deliver${change.photo ? ' (with its photo)' : ''}`;
  return change.method === 'door'
    ? `${name}: Delivered, left at the door${change.photo ? ' (with its photo)' : ''}`
    : `${name}: Delivered by hand`;
}

/** What signing out with changes still waiting would lose, said before it happens. */
export function signOutLosesChanges(waiting: readonly WaitingChange[]): string {
  const count = waiting.length === 1 ? '1 change has' : `${waiting.length} changes have`;
  const doorPhotos = waiting.some(({ change }) => change.to === 'delivered' && change.photo);
  const anyPhotos = waiting.some(({ change }) => change.to !== 'out-for-delivery' && change.photo);
  const photos = doorPhotos ? ', and the door photos with them' : anyPhotos ? ', and the photos with them' : '';
  return (
    `${count} not been sent yet: ${waiting.map(whatWaits).join('; ')}. ` +
    `They are kept only on this device until it has a connection. Signing out now deletes them: they will never be sent${photos}. ` +
    'To keep them, cancel and sign out once they have gone.'
  );
}

/** Every script and style sheet of a remote's build, listed beside its manifest (scripts/webpack/files-list-plugin.cjs). */
export const REMOTE_FILES_LIST = 'files.json';

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
