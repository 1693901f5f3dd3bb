import { API } from '@blooms/shared/contract/api-routes';
import type { Db } from '../../db/database';
import { upcomingDeliveries } from '../../read-models/delivery-dates';
import type { PublicScope } from '../access';
import { serve } from '../serve';

/** The delivery days still to come, for everyone: the subscribe form shows a plan's first delivery from them. */
export function registerUpcomingDeliveryRoutes(app: PublicScope, db: Db, clock: () => Date) {
  serve(app, API.upcomingDeliveries, async (_request, reply) => {
    // An admin may move a day at any time (and the test clock changes what today is).
    reply.header('Cache-Control', 'no-cache');
    return upcomingDeliveries(db, clock());
  });
}
