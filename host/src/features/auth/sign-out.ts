import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import { pendingStore } from '@blooms/shared/runtime/staff-pending-store';
import { signOutLosesChanges } from '@blooms/shared/contract/staff-offline';

/**
 * Signs the staff member out, unless changes they made offline still wait on this device:
 * then it first says which, and that signing out deletes them, and signs out only if asked
 * to. Signing out deletes what the device kept (firebase-session.ts), so nothing of theirs
 * is left for the next person.
 */
export async function signOutAskingFirst(): Promise<void> {
  const { record, signOut } = useAuthStore.getState();
  // A browser whose storage cannot be read has nothing waiting that could be lost.
  const waiting = record ? await pendingStore.list(record.email).catch(() => []) : [];
  if (waiting.length === 0) return signOut();
  showPopup('error', signOutLosesChanges(waiting), [{ label: 'Sign out and delete them', onClick: () => void signOut() }]);
}
