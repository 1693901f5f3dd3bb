import { API } from '@blooms/shared/contract/api-routes';
import type { Db } from '../../db/database';
import { settleAutoAssigned } from '../../services/carry-over';
import { listTerritories, setTerritory } from '../../services/territories';
import { callerOf, type StaffScope } from '../access';
import { serve } from '../serve';

/** Drivers' territories, and keeping or clearing the month's assignments made as last month or by territory (any staff role: assigning is theirs). */
export function registerTerritoryRoutes(staff: StaffScope, db: Db) {
  serve(staff, API.territories, () => listTerritories(db));
  serve(staff, API.setTerritory, (request) => setTerritory(db, callerOf(request), request.body));
  serve(staff, API.settleAutoAssigned, (request) => settleAutoAssigned(db, callerOf(request), request.body));
}
