import { useState } from 'react';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import type { MonthDelivery, SubscriptionRow } from '@blooms/shared/contract/deliveries';
import type { MonthKey } from '@blooms/shared/contract/months';
import { deliveriesApi } from '../deliveries/api';
import { showRefusal } from '../deliveries/show-refusal';
import { applyDelivery } from '../deliveries/live-cache';

/**
 * A tap on a status pill: moves the delivery one step on, or, from Delivered, back to Not
 * Started once confirmed (one stray tap undid a finished stop). `busy` holds the rows whose
 * change is on its way; `onChanged` hears of each change made, with the row as it was before
 * (so it can be undone).
 */
export function useStatusAdvance(month: MonthKey, onChanged: (before: SubscriptionRow, after: MonthDelivery) => void) {
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());

  async function advance(row: SubscriptionRow) {
    setBusy((b) => new Set(b).add(row.id));
    try {
      const changed = await deliveriesApi.advanceStatus(row.id, month, row.delivery.status);
      applyDelivery(changed);
      onChanged(row, changed);
    } catch (e) {
      showRefusal(e);
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(row.id);
        return next;
      });
    }
  }

  function clickPill(row: SubscriptionRow) {
    if (row.delivery.status !== 'delivered') return void advance(row);
    const photo = row.delivery.proofImageUrl ? ' Its door photo comes off the delivery.' : '';
    showPopup('info', `Set ${row.firstName} ${row.lastName}'s delivery back to Not Started?${photo}`, [
      { label: 'Set back to Not Started', onClick: () => void advance(row) },
    ]);
  }

  return { busy, clickPill };
}
