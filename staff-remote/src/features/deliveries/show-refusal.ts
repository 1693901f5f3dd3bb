import { showFailure } from '@blooms/shared/runtime/show-failure';
import type { MonthDelivery } from '@blooms/shared/contract/deliveries';
import { freshDeliveryOf } from './api';

/** A change the server refused: shows the delivery as it now is when someone changed it meanwhile (409), and says why. */
export function showRefusal(error: unknown, applyDelivery: (delivery: MonthDelivery) => void): void {
  const fresh = freshDeliveryOf(error);
  if (fresh) applyDelivery(fresh);
  showFailure(error);
}
