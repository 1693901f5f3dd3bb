import { z } from 'zod';
import { UPCOMING_DELIVERIES_PATH, type UpcomingDelivery } from '@blooms/shared/contract/order';
import type { Db } from '../../db/database';
import { upcomingDeliveries } from '../../services/delivery-dates';
import type { PublicScope } from '../access';

const upcomingDeliverySchema = z.object({ month: z.string(), date: z.string() }) satisfies z.ZodType<UpcomingDelivery>;

/** The delivery days still to come, for everyone: the subscribe form shows a plan's first delivery from them. */
export function registerUpcomingDeliveryRoutes(app: PublicScope, db: Db, clock: () => Date) {
  app.get(UPCOMING_DELIVERIES_PATH, { schema: { response: { 200: z.array(upcomingDeliverySchema) } } }, async (_request, reply) => {
    // An admin may move a day at any time (and the test clock changes what today is).
    reply.header('Cache-Control', 'no-cache');
    return upcomingDeliveries(db, clock());
  });
}
