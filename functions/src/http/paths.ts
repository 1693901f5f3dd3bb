import { CHARGE_CONFIRMATION_PATH } from '@blooms/shared/contract/charge-confirmation';
import { TEST_CHECKOUT_PATH } from '../payments/provider';

/**
 * The backend's own paths on the site, beside its pages. On Firebase, Hosting sends each of
 * them to the api function and every other path to the pages function (deploy/firebase-json.ts
 * makes the rewrites from this list; test/hosting-rewrites.test.ts checks that every route the
 * backend registers is under one of them).
 */
export const API_PATH = '/api';
/** Where a subscriber confirms a charge their bank asked them to authenticate (the link in that e-mail). */
export { CHARGE_CONFIRMATION_PATH, TEST_CHECKOUT_PATH };

export const BACKEND_PATHS = [API_PATH, TEST_CHECKOUT_PATH, CHARGE_CONFIRMATION_PATH] as const;

/** Whether a request path is one of the backend's (the API, the test checkout, a charge's confirmation), not a page. */
export function isBackendPath(pathname: string): boolean {
  return BACKEND_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
