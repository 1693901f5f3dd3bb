import { API } from '@blooms/shared/contract/api-routes';
import type { Db } from '../../db/database';
import { deliveryDatesBetween } from '../../read-models/delivery-dates';
import type { StaffScope } from '../access';
import { serve } from '../serve';

/** Each month's delivery day, for every staff member (the dashboard and My Deliveries show it). */
export function registerDeliveryDateRoutes(staff: StaffScope, db: Db) {
  serve(staff, API.deliveryDates, (request) => deliveryDatesBetween(db, request.query.from, request.query.to));
}
