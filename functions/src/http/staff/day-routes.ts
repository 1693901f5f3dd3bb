import { API } from '@blooms/shared/contract/api-routes';
import type { Db } from '../../db/database';
import { daySummary, startMonth } from '../../read-models/day-summary';
import type { StaffScope } from '../access';
import { serve } from '../serve';

/** Where the work is: the month staff screens open on, and a month's stops at a glance (any staff role). */
export function registerDayRoutes(staff: StaffScope, db: Db, clock: () => Date) {
  serve(staff, API.startMonth, () => startMonth(db, clock()));
  serve(staff, API.daySummary, (request) => daySummary(db, request.query.month));
}
