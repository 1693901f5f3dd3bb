import { askChoice } from '@blooms/shared/runtime/popup-store';
import { FAILED_REASON_LABELS, FAILED_REASONS, type FailedReason } from '@blooms/shared/contract/failed-attempts';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { applyDelivery, readCountsAgain } from '../deliveries/live-cache';
import { showRefusal } from '../deliveries/show-refusal';
import { downscalePhoto } from '../deliveries/downscale-photo';
import { failedAttemptsApi } from './api';

export const REASON_QUESTION = 'Why could it not be delivered? The subscriber is e-mailed with what happens next.';
export const PHOTO_QUESTION = 'Take a photo of what stopped you (a locked gate, no safe place)?';

/** Opens the camera once; resolves with the photo taken, or null when none was. */
function takePhoto(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'image/jpeg,image/png,image/webp,image/heic,image/*';
    input.setAttribute('capture', 'environment');
    input.hidden = true;
    const done = (file: File | null) => {
      input.remove();
      resolve(file);
    };
    input.addEventListener('change', () => done(input.files?.[0] ?? null));
    input.addEventListener('cancel', () => done(null));
    document.body.append(input);
    input.click();
  });
}

/** Sends a mark (or, on My Deliveries, keeps it on the device when it cannot be sent). */
export type SendMark = (row: SubscriptionRow, reason: FailedReason, photo?: Blob) => Promise<void>;

/** Sends the mark and shows the stop as the server now has it; throws what the server or the network said. */
export async function markFailedNow(row: SubscriptionRow, reason: FailedReason, photo?: Blob): Promise<void> {
  applyDelivery(await failedAttemptsApi.markFailed({ subscriptionId: row.id, month: row.delivery.month, reason, photo }));
  void readCountsAgain();
}

/** Sends the mark at once, and says why when the server refuses it. */
export async function sendMarkNow(row: SubscriptionRow, reason: FailedReason, photo?: Blob): Promise<void> {
  try {
    await markFailedNow(row, reason, photo);
  } catch (error) {
    showRefusal(error);
  }
}

/** "Could not deliver": asks why (the reasons of the contract), then whether to add a photo, then sends it with `send`. */
export function askCouldNotDeliver(row: SubscriptionRow, send: SendMark = sendMarkNow): void {
  const name = `${row.firstName} ${row.lastName}`;
  askChoice(
    `Could not deliver: ${name}`,
    REASON_QUESTION,
    FAILED_REASONS.map((reason) => ({
      label: FAILED_REASON_LABELS[reason],
      onClick: () =>
        askChoice(`${FAILED_REASON_LABELS[reason]}: ${name}`, PHOTO_QUESTION, [
          {
            label: 'Take a photo',
            onClick: () => void takePhoto().then(async (file) => send(row, reason, file ? await downscalePhoto(file) : undefined)),
          },
          { label: 'Send without a photo', onClick: () => void send(row, reason) },
        ]),
    })),
  );
}
