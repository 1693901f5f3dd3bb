import type { DayStop } from '@blooms/shared/contract/day-stops';
import { isDeliveryStatus, type SubscriptionRow } from '@blooms/shared/contract/deliveries';

/** The places read for the map, in the list's order and with the status the list shows (a change still waiting to send included). */
export function withRowStatus(stops: readonly DayStop[], rows: readonly SubscriptionRow[]): DayStop[] {
  const byId = new Map(stops.map((stop) => [stop.id, stop]));
  return rows.flatMap((row) => {
    const stop = byId.get(row.id);
    if (!stop) return [];
    return [{ ...stop, status: isDeliveryStatus(row.delivery.status) ? row.delivery.status : stop.status }];
  });
}
