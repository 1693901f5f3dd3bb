import { z } from 'zod';
import { deliveryDatesQuerySchema, monthDeliveryDateSchema } from '@blooms/shared/contract/deliveries-api';
import type { Db } from '../../db/database';
import { deliveryDatesBetween } from '../../services/delivery-dates';
import type { StaffScope } from '../access';

/** Each month's delivery day, for every staff member (the dashboard and My Deliveries show it). */
export function registerDeliveryDateRoutes(staff: StaffScope, db: Db) {
  staff.get('/api/delivery-dates', { schema: { querystring: deliveryDatesQuerySchema, response: { 200: z.array(monthDeliveryDateSchema) } } }, (request) =>
    deliveryDatesBetween(db, request.query.from, request.query.to),
  );
}
