import { API } from '@blooms/shared/contract/api-routes';
import type { GeocodingSettings } from '../../config';
import type { Db } from '../../db/database';
import { pointOfZip } from '../../domain/route-order';
import type { BlobStore } from '../../infrastructure/blob-store';
import { createGeocoder } from '../../infrastructure/geocoder';
import { typeOfKey } from '../../infrastructure/image-type';
import { NotFoundError } from '../../domain/errors';
import { trackedPhotoKey, trackedStop } from '../../read-models/stop-tracking';
import type { PublicScope } from '../access';
import type { RateLimiter } from '../rate-limit';
import { serve } from '../serve';

/**
 * A stop's tracking page on its delivery day, by the token in its "on the way" e-mail: no
 * sign-in, nothing of other stops. Lookups are counted per client (`lookups`), so that nobody
 * tries tokens by the thousand or keeps the database busy; the page itself asks twice a minute.
 */
export function registerTrackingRoutes(
  app: PublicScope,
  db: Db,
  blobs: BlobStore,
  settings: { studioZip: string; geocoding: GeocodingSettings | null; clock: () => Date; lookups: RateLimiter },
) {
  const counted = { onRequest: async (request: { ip: string }) => settings.lookups.hit(request.ip) };
  const route = {
    studio: pointOfZip(settings.studioZip)!,
    geocoder: settings.geocoding ? createGeocoder(db, settings.geocoding, (message) => app.log.warn(message)) : null,
  };
  serve(
    app,
    API.trackStop,
    async (request, reply) => {
      // Private to whoever holds the link, and it changes as the route goes.
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      return trackedStop(db, request.params.token, settings.clock(), route);
    },
    counted,
  );
  serve(
    app,
    API.trackPhoto,
    async (request, reply) => {
      const key = await trackedPhotoKey(db, request.params.token, settings.clock());
      const stream = await blobs.get(key);
      if (!stream) throw new NotFoundError('This delivery has no photo.');
      return reply.header('Cache-Control', 'private, no-store').type(typeOfKey(key)).send(stream);
    },
    counted,
  );
}
