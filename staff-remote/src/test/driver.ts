import { usePopupStore } from '@blooms/shared/runtime/popup-store';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { pendingStore } from '@blooms/shared/runtime/staff-pending-store';
import { deliveriesApi } from '../features/deliveries/api';

/** The driver the My Deliveries tests are signed in as. */
export const ME = 'ella@blooms.example';

/**
 * Before each My Deliveries test (with `../features/deliveries/api` mocked): Ella signed in,
 * nothing kept on the device, no popup, and every month's delivery day the 10th.
 */
export async function freshDriverScreen(): Promise<void> {
  jest.clearAllMocks();
  jest
    .mocked(deliveriesApi)
    .deliveryDate.mockImplementation(async (month) => ({ month, date: `${month}-10`, isDefault: true, lastDayForChanges: `${month}-03` }));
  for (const kept of await pendingStore.list(ME)) await pendingStore.remove(kept.id);
  usePopupStore.setState({ popup: null });
  useAuthStore.setState({ status: 'signed-in', role: 'employee', record: { id: 'u1', name: 'Ella Driver', email: ME, role: 'employee' } });
}
