import { API } from '@blooms/shared/contract/api-routes';
import type { Db } from '../../db/database';
import { businessFigures } from '../../read-models/business-figures';
import type { AdminScope } from '../access';
import { serve } from '../serve';

/** The owner's figures (read-models/business-figures.ts): admins only, by the scope these routes are registered in. */
export function registerBusinessFiguresRoutes(admin: AdminScope, db: Db, clock: () => Date) {
  serve(admin, API.businessFigures, (request) => businessFigures(db, request.query, clock()));
}
