import type { ApiBody, ApiResponse } from '@blooms/shared/contract/api-route';
import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { PUBLIC_ROUTES } from '@blooms/shared/contract/public-api-routes';

type Callable = 'createCheckoutSession' | 'verifyCheckoutSession';
type CallableData<Name extends Callable> = ApiBody<(typeof PUBLIC_ROUTES)[Name]>;
type CallableResult<Name extends Callable> = ApiResponse<(typeof PUBLIC_ROUTES)[Name]>;

/** Callable functions time out after 70 seconds, the Firebase callable client's own default: a slow payment provider is waited for, not reported as a failure. */
export const CALLABLE_TIMEOUT_MS = 70_000;

/**
 * Calls one of the backend's callable functions (by its route-table entry) with the Firebase SDK's callable client.
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
  const callable = httpsCallableFromURL<CallableData<Name>, CallableResult<Name>>(getFunctions(app), `${base}${PUBLIC_ROUTES[name].path}`, {
    timeout: CALLABLE_TIMEOUT_MS,
  });
  return (await callable(data)).data;
}
