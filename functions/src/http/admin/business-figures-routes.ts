import { API } from '@blooms/shared/contract/api-routes';
import type { Db } from '../../db/database';
import { keptFiguresFor } from '../../read-models/kept-figures';
import type { AdminScope } from '../access';
import { serve } from '../serve';

/** The owner's figures (read-models/business-figures.ts, kept and served stale while read again: kept-figures.ts): admins only, by the scope these routes are registered in. */
export function registerBusinessFiguresRoutes(admin: AdminScope, db: Db, clock: () => Date) {
  const kept = keptFiguresFor(db, admin.log);
  serve(admin, API.businessFigures, (request) => kept.figures(request.query, clock()));
}
