import { useRef, useState, type ChangeEvent } from 'react';
import { askChoice } from '@blooms/shared/runtime/popup-store';
import { deliverToLine } from '@blooms/shared/contract/order';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import type { MonthKey } from '@blooms/shared/contract/months';
import { deliveriesApi } from '../deliveries/api';
import { showRefusal } from '../deliveries/show-refusal';
import { applyDelivery } from '../deliveries/live-cache';
import { downscalePhoto } from '../deliveries/downscale-photo';
import { isTemporaryFailure } from '../offline/send-pending';
import { keptChange, type DeviceQueue } from './use-device-queue';

export const PROOF_QUESTION = 'Was it hand-delivered or left at the door?';

const nameOf = (row: SubscriptionRow) => `${row.firstName} ${row.lastName}`;

/**
 * Recording a delivery: asks how it was delivered; for Left at Door, opens the camera (the
 * hidden file input `fileInput` points at), shrinks the photo and uploads it with its progress
 * in `uploading`. Sent at once when it can be, kept on the device when it cannot.
 */
export function useProofCapture(month: MonthKey, queue: Pick<DeviceQueue, 'mustWait' | 'keepForLater'>) {
  const [uploading, setUploading] = useState<{ id: string; percent: number } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  /** The stop whose door photo the camera is taking. */
  const pendingRow = useRef<SubscriptionRow | null>(null);

  async function saveProof(row: SubscriptionRow, method: 'hand' | 'door', photo?: Blob) {
    const change = keptChange(row, month, { to: 'delivered', method, photo });
    if (queue.mustWait(row)) {
      // Kept, not uploading: the progress shown while the photo was shrunk goes, and the stop's buttons wake.
      setUploading(null);
      return queue.keepForLater(change);
    }
    setUploading(method === 'door' ? { id: row.id, percent: 0 } : null);
    try {
      const delivery = await deliveriesApi.recordProof({ subscriptionId: row.id, month, method, photo }, (fraction) =>
        setUploading({ id: row.id, percent: Math.round(fraction * 100) }),
      );
      applyDelivery(delivery);
    } catch (e) {
      if (isTemporaryFailure(e)) return queue.keepForLater(change, false);
      showRefusal(e);
    } finally {
      setUploading(null);
    }
  }

  /** A delivery asks how it was delivered; a pickup-only stop only records the vase collected (by hand: nothing is left). */
  function askHowDelivered(row: SubscriptionRow) {
    if (row.delivery.pickup) return void saveProof(row, 'hand');
    askChoice(`Delivered: ${nameOf(row)}`, `${deliverToLine(row)}. ${PROOF_QUESTION}`, [
      { label: 'Hand Delivered', onClick: () => void saveProof(row, 'hand') },
      {
        label: 'Left at Door',
        onClick: () => {
          pendingRow.current = row;
          fileInput.current?.click();
        },
      },
    ]);
  }

  async function onPhotoChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    const row = pendingRow.current;
    pendingRow.current = null;
    if (fileInput.current) fileInput.current.value = '';
    if (!row || !file) return;
    setUploading({ id: row.id, percent: 0 });
    await saveProof(row, 'door', await downscalePhoto(file));
  }

  return { uploading, fileInput, askHowDelivered, onPhotoChosen };
}
