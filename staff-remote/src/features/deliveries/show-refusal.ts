import { showFailure } from '@blooms/shared/runtime/show-failure';
import { freshDeliveryOf } from './api';
import { applyDelivery } from './live-cache';

/** A change the server refused: shows the delivery as it now is when someone changed it meanwhile (409), and says why. */
export function showRefusal(error: unknown): void {
  const fresh = freshDeliveryOf(error);
  if (fresh) applyDelivery(fresh);
  showFailure(error);
}
