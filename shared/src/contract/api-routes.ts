// Every endpoint of the API, in one table: the server registers each route from its entry
// (functions/src/http/serve.ts) and the browser calls it by the same entry
// (runtime/api-client.ts). How to add one: docs/architecture.md, "The route table".
// Each access level's routes are a module of their own, so a browser app bundles only the
// routes it calls (the subscribe form, only the public ones).
import { ADMIN_ROUTES } from './admin-api-routes';
import { PUBLIC_ROUTES } from './public-api-routes';
import { STAFF_ROUTES } from './staff-api-routes';
import { SUBSCRIBER_ROUTES } from './subscriber-api-routes';

export { ADMIN_ROUTES, PUBLIC_ROUTES, STAFF_ROUTES, SUBSCRIBER_ROUTES };

/** The API: every route the server registers and the browser may call. */
export const API = { ...STAFF_ROUTES, ...ADMIN_ROUTES, ...SUBSCRIBER_ROUTES, ...PUBLIC_ROUTES };
export type Api = typeof API;
