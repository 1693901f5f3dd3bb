import { API } from '@blooms/shared/contract/api-routes';
import type { Db } from '../../db/database';
import { setDeliveryDate } from '../../services/delivery-dates';
import { callerOf, type AdminScope } from '../access';
import { serve } from '../serve';

/** Moving a month's delivery day, or putting it back on the usual day (date: null): admins only. */
export function registerDeliveryDateAdminRoutes(admin: AdminScope, db: Db, clock: () => Date) {
  serve(admin, API.setDeliveryDate, async (request) => {
    const result = await setDeliveryDate(db, request.params.month, request.body.date, callerOf(request).email, clock());
    request.log.info({ month: result.month, date: result.date, isDefault: result.isDefault }, 'delivery date set');
    return result;
  });
}
