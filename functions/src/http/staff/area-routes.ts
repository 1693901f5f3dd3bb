import { API } from '@blooms/shared/contract/api-routes';
import type { Db } from '../../db/database';
import { createGeocoder } from '../../infrastructure/geocoder';
import type { GeocodingSettings } from '../../config';
import { dayStops } from '../../read-models/day-stops';
import { assignByArea } from '../../services/area-assign';
import { callerOf, type StaffScope } from '../access';
import { serve } from '../serve';

/** The day's stops on the map, and assigning them by area (any staff role). */
export function registerAreaRoutes(staff: StaffScope, db: Db, geocoding: GeocodingSettings | null) {
  const geocoder = geocoding ? createGeocoder(db, geocoding, (message) => staff.log.warn(message)) : null;

  serve(staff, API.dayStops, (request) =>
    dayStops(db, request.query.month, geocoder, request.query.assignee === 'me' ? callerOf(request).id : undefined),
  );

  serve(staff, API.assignByArea, (request) => assignByArea(db, callerOf(request), request.body));
}
