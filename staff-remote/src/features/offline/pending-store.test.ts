import { STAFF_OFFLINE_DATABASE } from '@blooms/shared/contract/staff-offline';
import { pendingStore } from '@blooms/shared/runtime/staff-pending-store';
import { row, THIS_MONTH } from '../../test/fixtures';
import { withPendingChanges } from './use-pending-changes';
import { ME } from '../../test/driver';

/** Writes a change straight into the device's database, as the release before kept it (no `pickup`, no Could not deliver). */
async function keptByTheReleaseBefore(record: object): Promise<void> {
  await pendingStore.list(ME); // opens (and creates) the database as the app does
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(STAFF_OFFLINE_DATABASE, 1);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  await new Promise<void>((resolve, reject) => {
    const transaction = db.transaction('pending-changes', 'readwrite');
    transaction.objectStore('pending-changes').add(record);
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
  });
  db.close();
}

beforeEach(async () => {
  for (const kept of await pendingStore.list(ME)) await pendingStore.remove(kept.id);
});

describe('the changes kept on the device', () => {
  it('keeps a Could not deliver with its reason, in order after the changes before it', async () => {
    await pendingStore.add({ owner: ME, subscriptionId: 'a', month: THIS_MONTH, name: 'Ana Person', change: { to: 'out-for-delivery' } });
    await pendingStore.add({
      owner: ME,
      subscriptionId: 'a',
      month: THIS_MONTH,
      name: 'Ana Person',
      pickup: false,
      change: { to: 'could-not-deliver', reason: 'gate-code' },
    });
    const kept = await pendingStore.list(ME);
    expect(kept.map((k) => k.change)).toEqual([{ to: 'out-for-delivery' }, { to: 'could-not-deliver', reason: 'gate-code' }]);
    expect(kept[0]!.id).toBeLessThan(kept[1]!.id);
  });

  it('keeps the photo taken with it', async () => {
    const photo = new Uint8Array([0xff, 0xd8, 0xff]);
    await pendingStore.add({
      owner: ME,
      subscriptionId: 'a',
      month: THIS_MONTH,
      name: 'Ana Person',
      // IndexedDB keeps a Blob as it is; jsdom's Blob does not clone, so bytes stand in for it here.
      change: { to: 'could-not-deliver', reason: 'no-safe-place', photo: photo as unknown as Blob },
    });
    const [kept] = await pendingStore.list(ME);
    expect(kept!.change).toEqual({ to: 'could-not-deliver', reason: 'no-safe-place', photo });
  });

  it('still reads the changes the release before kept, beside the new kind', async () => {
    const before = { owner: ME, subscriptionId: 'b', month: THIS_MONTH, name: 'Ben Person', queuedAt: '2026-11-02T16:00:00.000Z' };
    await keptByTheReleaseBefore({ ...before, change: { to: 'out-for-delivery' } });
    await keptByTheReleaseBefore({ ...before, change: { to: 'delivered', method: 'hand' } });
    await pendingStore.add({
      owner: ME,
      subscriptionId: 'a',
      month: THIS_MONTH,
      name: 'Ana Person',
      change: { to: 'could-not-deliver', reason: 'refused' },
    });
    const kept = await pendingStore.list(ME);
    expect(kept.map((k) => [k.subscriptionId, k.change.to])).toEqual([
      ['b', 'out-for-delivery'],
      ['b', 'delivered'],
      ['a', 'could-not-deliver'],
    ]);
    expect(kept[0]).not.toHaveProperty('pickup');

    // The stops as the driver left them: Ben delivered, Ana still out with her attempt open.
    const rows = [row('a', {}, { status: 'out-for-delivery' }), row('b', {}, { status: 'not-started' })];
    const [ana, ben] = withPendingChanges(rows, kept);
    expect(ben!.delivery.status).toBe('delivered');
    expect(ana!.delivery.status).toBe('out-for-delivery');
    expect(ana!.delivery.failedAttempt).toEqual({
      reason: 'refused',
      at: kept[2]!.queuedAt,
      attempt: 1,
      photoUrl: null,
      rescheduledTo: null,
    });
  });

  it('shows a second attempt after a stop was moved to another day, and leaves a mark already open as it is', async () => {
    const moved = { reason: 'gate-code' as const, at: '2026-11-02T16:00:00.000Z', attempt: 1, photoUrl: null, rescheduledTo: '2026-11-11' };
    const kept = await pendingStore.add({
      owner: ME,
      subscriptionId: 'a',
      month: THIS_MONTH,
      name: 'Ana Person',
      change: { to: 'could-not-deliver', reason: 'refused' },
    });
    const [again] = withPendingChanges([row('a', {}, { status: 'out-for-delivery', failedAttempt: moved })], [kept]);
    expect(again!.delivery.failedAttempt).toMatchObject({ reason: 'refused', attempt: 2, rescheduledTo: null });
    const open = { ...moved, rescheduledTo: null };
    const [same] = withPendingChanges([row('a', {}, { status: 'out-for-delivery', failedAttempt: open })], [kept]);
    expect(same!.delivery.failedAttempt).toBe(open);
  });
});
