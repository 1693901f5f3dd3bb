import type { FailedReason } from '../contract/failed-attempts';
import type { MonthKey } from '../contract/months';
import { STAFF_OFFLINE_DATABASE } from '../contract/staff-offline';

/** A change a driver made with no connection, kept on the device until it is sent. */
export interface PendingChange {
  /** Given by the store; changes are sent in this order. */
  id: number;
  /** The staff member who made it: only they send it. */
  owner: string;
  subscriptionId: string;
  month: MonthKey;
  /** Whose stop, for the messages the driver sees. */
  name: string;
  /** Whether the stop is a pickup-only stop, for the messages the driver sees (absent in changes kept before it was recorded: a delivery). */
  pickup?: boolean;
  /**
   * What the driver did. Kept as the device stored it: a release may add a kind of change, but
   * never alter one (changes kept by the release before must still be read and sent).
   */
  change: KeptChange;
  queuedAt: string;
}

export type KeptChange =
  | { to: 'out-for-delivery' }
  | { to: 'delivered'; method: 'hand' | 'door'; photo?: Blob }
  /** "Could not deliver": the reason and, if taken, the photo (already downscaled). The status stays Out for delivery. */
  | { to: 'could-not-deliver'; reason: FailedReason; photo?: Blob };

export type NewPendingChange = Omit<PendingChange, 'id' | 'queuedAt'>;

const STORE = 'pending-changes';

let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(STAFF_OFFLINE_DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
    request.onsuccess = () => {
      // Signing out deletes the database (here or in another tab): let go of it at once, so
      // the deletion is not held up, and open it afresh next time.
      request.result.onversionchange = () => {
        request.result.close();
        opened = null;
      };
      resolve(request.result);
    };
    request.onerror = () => reject(request.error ?? new Error('This browser could not open its storage.'));
  }).catch((error: unknown) => {
    opened = null;
    throw error;
  });
  return opened;
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = work(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? new Error('This browser could not save the change.'));
    transaction.onabort = () => reject(transaction.error ?? new Error('This browser could not save the change (storage full?).'));
  });
}

/**
 * The changes kept in this browser's IndexedDB, oldest first; they outlive a reload or a closed
 * tab, and are deleted when the staff member signs out (the host asks first when any wait).
 */
export const pendingStore = {
  add: async (change: NewPendingChange): Promise<PendingChange> => {
    const record = { ...change, queuedAt: new Date().toISOString() };
    const id = await run('readwrite', (store) => store.add(record));
    return { ...record, id: Number(id) };
  },
  list: async (owner: string): Promise<PendingChange[]> => {
    const all = await run<PendingChange[]>('readonly', (store) => store.getAll());
    return all.filter((change) => change.owner === owner).sort((a, b) => a.id - b.id);
  },
  remove: async (id: number): Promise<void> => {
    await run('readwrite', (store) => store.delete(id));
  },
  /** Deletes every kept change of everyone, photos included: what a signed-out device keeps of staff work. */
  deleteAll: (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (typeof indexedDB === 'undefined') return resolve();
      const request = indexedDB.deleteDatabase(STAFF_OFFLINE_DATABASE);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error ?? new Error('This browser could not delete the kept changes.'));
    }),
};
