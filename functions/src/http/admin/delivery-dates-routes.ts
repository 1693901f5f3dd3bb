import { deliveryDateChangeSchema, deliveryDateParamsSchema, monthDeliveryDateSchema } from '@blooms/shared/contract/deliveries-api';
import type { Db } from '../../db/database';
import { setDeliveryDate } from '../../services/delivery-dates';
import { callerOf, type AdminScope } from '../access';

/** Moving a month's delivery day, or putting it back on the usual day (date: null): admins only. */
export function registerDeliveryDateAdminRoutes(admin: AdminScope, db: Db, clock: () => Date) {
  admin.put(
    '/api/delivery-dates/:month',
    { schema: { params: deliveryDateParamsSchema, body: deliveryDateChangeSchema, response: { 200: monthDeliveryDateSchema } } },
    async (request) => {
      const result = await setDeliveryDate(db, request.params.month, request.body.date, callerOf(request).email, clock());
      request.log.info({ month: result.month, date: result.date, isDefault: result.isDefault }, 'delivery date set');
      return result;
    },
  );
}
