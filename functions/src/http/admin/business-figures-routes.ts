import { API } from '@blooms/shared/contract/api-routes';
import type { Db } from '../../db/database';
import { keptBusinessFigures } from '../../read-models/kept-figures';
import type { AdminScope } from '../access';
import { serve } from '../serve';

/** The owner's figures (read-models/business-figures.ts, kept per data version: kept-figures.ts): admins only, by the scope these routes are registered in. */
export function registerBusinessFiguresRoutes(admin: AdminScope, db: Db, clock: () => Date) {
  serve(admin, API.businessFigures, (request) => keptBusinessFigures(db, request.query, clock()));
}
