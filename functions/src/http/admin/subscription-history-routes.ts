import { API } from '@blooms/shared/contract/api-routes';
import { pathOf } from '@blooms/shared/contract/api-route';
import type { Db } from '../../db/database';
import type { BlobStore } from '../../infrastructure/blob-store';
import { historyPhotoKey, subscriptionHistory } from '../../services/subscription-history';
import type { AdminScope } from '../access';
import { sendPhoto } from '../send-photo';
import { serve } from '../serve';

/** Where a door photo the history shows is served (the route below). */
const historyPhotoUrl = (id: string, eventId: number) => pathOf(API.historyPhoto, { id, eventId });

/** A subscription's history (services/subscription-history.ts): admins only, by the scope these routes are registered in. */
export function registerSubscriptionHistoryRoutes(admin: AdminScope, db: Db, blobs: BlobStore) {
  serve(admin, API.subscriptionHistory, (request) =>
    subscriptionHistory(db, request.params.id, (eventId) => historyPhotoUrl(request.params.id, eventId)),
  );

  /** A door photo the history shows, by the delivery event that left it (a photo later taken off its delivery too). */
  serve(admin, API.historyPhoto, async (request, reply) => {
    return sendPhoto(reply, blobs, await historyPhotoKey(db, request.params.id, request.params.eventId), 'That photo is not there.');
  });
}
