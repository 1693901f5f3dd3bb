import type { FastifyRequest } from 'fastify';
import { API } from '@blooms/shared/contract/api-routes';
import { FAILED_MESSAGES } from '@blooms/shared/contract/failed-attempts';
import type { Db } from '../../db/database';
import type { BlobStore } from '../../infrastructure/blob-store';
import type { MailSite } from '../../mail/account-change-email';
import { photoKey } from '../../infrastructure/photos';
import { failedDeliveryPolicy, failedPhotoKey } from '../../read-models/failed-attempts';
import { markCouldNotDeliver, rescheduleFailed, setFailedDeliveryPolicy } from '../../services/failed-attempts';
import { checkProofAllowed } from '../../services/deliveries';
import { callerOf, type AdminScope, type StaffScope } from '../access';
import { sendPhoto } from '../send-photo';
import { serve } from '../serve';
import { checkedPhotoType, readPhotoForm } from './photo-upload';

/** "Could not deliver" (driver or staff), moving a failed stop to another day, its photo, and what the studio does next. */
export function registerFailedAttemptRoutes(
  staff: StaffScope,
  db: Db,
  blobs: BlobStore,
  routes: { mailSite: (request: FastifyRequest) => MailSite; clock: () => Date },
) {
  serve(staff, API.markFailed, async (request) => {
    const caller = callerOf(request);
    const { input, photo } = await readPhotoForm(request, API.markFailed, 'Send it as multipart/form-data.');
    await checkProofAllowed(db, caller, input.subscriptionId, input.month, FAILED_MESSAGES.notYours);
    const type = photo && checkedPhotoType(photo, 'a photo');
    const key = photo && type ? photoKey(input.subscriptionId, input.month, type) : null;
    if (photo && key) await blobs.put(key, photo);
    try {
      const result = await markCouldNotDeliver(db, caller, { ...input, photoKey: key }, routes.mailSite(request), routes.clock());
      // A repeat of a mark already recorded keeps the first one's photo: this one is not kept.
      if (key && !result.recorded) await blobs.delete(key);
      return result.delivery;
    } catch (error) {
      if (key && (await failedPhotoKey(db, input.subscriptionId, input.month).catch(() => key)) !== key) await blobs.delete(key);
      throw error;
    }
  });

  serve(staff, API.reschedule, (request) => rescheduleFailed(db, callerOf(request), request.body, routes.clock()));

  /** A failed attempt's photo, to signed-in staff only. */
  serve(staff, API.failedPhoto, async (request, reply) => {
    const { subscriptionId, month } = request.params;
    return sendPhoto(reply, blobs, await failedPhotoKey(db, subscriptionId, month), 'This attempt has no photo.');
  });

  serve(staff, API.failedPolicy, () => failedDeliveryPolicy(db));
}

/** The studio's choice of what follows a failed attempt: admins only. */
export function registerFailedPolicyRoutes(admin: AdminScope, db: Db) {
  serve(admin, API.setFailedPolicy, (request) => setFailedDeliveryPolicy(db, callerOf(request), request.body));
}
