import { z } from 'zod';
import { subscriptionHistorySchema } from '@blooms/shared/contract/subscription-history';
import type { Db } from '../../db/database';
import type { BlobStore } from '../../infrastructure/blob-store';
import { NotFoundError } from '../../services/errors';
import { typeOfKey } from '../../services/image-type';
import { historyPhotoKey, subscriptionHistory } from '../../services/subscription-history';
import type { AdminScope } from '../access';

const subscriptionParams = z.object({ id: z.uuid({ error: 'There is no such subscription.' }) });
const photoParams = subscriptionParams.extend({ eventId: z.coerce.number().int().positive() });

/** Where a door photo the history shows is served (the route below). */
const historyPhotoUrl = (subscriptionId: string, eventId: number) => `/api/subscriptions/${subscriptionId}/history/photos/${eventId}`;

/** A subscription's history (services/subscription-history.ts): admins only, by the scope these routes are registered in. */
export function registerSubscriptionHistoryRoutes(admin: AdminScope, db: Db, blobs: BlobStore) {
  admin.get('/api/subscriptions/:id/history', { schema: { params: subscriptionParams, response: { 200: subscriptionHistorySchema } } }, (request) =>
    subscriptionHistory(db, request.params.id, (eventId) => historyPhotoUrl(request.params.id, eventId)),
  );

  /** A door photo the history shows, by the delivery event that left it (a photo later taken off its delivery too). */
  admin.get('/api/subscriptions/:id/history/photos/:eventId', { schema: { params: photoParams } }, async (request, reply) => {
    const key = await historyPhotoKey(db, request.params.id, request.params.eventId);
    const stream = key ? await blobs.get(key) : null;
    if (!key || !stream) throw new NotFoundError('That photo is not there.');
    return reply.header('Cache-Control', 'private, max-age=300').type(typeOfKey(key)).send(stream);
  });
}
