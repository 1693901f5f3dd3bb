import type { ApiBody, ApiResponse } from '@blooms/shared/contract/api-route';
import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { PUBLIC_ROUTES } from '@blooms/shared/contract/public-api-routes';
import { noSuchRoute, readReply } from '@blooms/shared/runtime/api-client';

type Callable = 'createCheckoutSession' | 'verifyCheckoutSession';
type CallableData<Name extends Callable> = ApiBody<(typeof PUBLIC_ROUTES)[Name]>;
type CallableResult<Name extends Callable> = ApiResponse<(typeof PUBLIC_ROUTES)[Name]>;

/** Callable functions time out after 70 seconds, the Firebase callable client's own default: a slow payment provider is waited for, not reported as a failure. */
export const CALLABLE_TIMEOUT_MS = 70_000;

/**
 * The Firebase SDK's error for a 404 that carries no message of the server's: no such callable
 * (an API of another release), not a thing the callable looked up (its message says which).
 */
const isMissingCallable = (error: unknown) =>
  (error as { code?: unknown }).code === 'functions/not-found' && /^not-found\b/.test((error as Error).message);

/**
 * Calls one of the backend's callable functions (by its route-table entry) with the Firebase SDK's callable client,
 * and reads its result by the entry's schema, as the API client reads every reply.
 * Firebase loads only here, when someone subscribes or confirms, never on page load.
 */
export async function callFunction<Name extends Callable>(name: Name, data: CallableData<Name>): Promise<CallableResult<Name>> {
  const [{ getApps, initializeApp }, { getFunctions, httpsCallableFromURL }] = await Promise.all([
    import(/* webpackChunkName: "firebase-app" */ 'firebase/app'),
    import(/* webpackChunkName: "firebase-functions" */ 'firebase/functions'),
  ]);
  const config = useAppConfig.getState().config;
  if (!config) throw new Error('The site configuration is not loaded');
  const app = getApps().find((a) => a.name === 'subscribe') ?? initializeApp(config.firebase, 'subscribe');
  const base = config.apiBaseUrl || window.location.origin;
  const route = PUBLIC_ROUTES[name];
  const callable = httpsCallableFromURL<CallableData<Name>, unknown>(getFunctions(app), `${base}${route.path}`, {
    timeout: CALLABLE_TIMEOUT_MS,
  });
  try {
    return readReply(route, 200, (await callable(data)).data) as CallableResult<Name>;
  } catch (error) {
    if (isMissingCallable(error)) noSuchRoute(route, 404);
    throw error;
  }
}
