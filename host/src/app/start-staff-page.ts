import type { AppConfig } from '@blooms/shared/contract/app-config';
import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { preloadStaffScreen, registerAppRemotes } from '../features/remotes/remote-registry';
import { startAuthWhenIdle } from '../features/auth/start-auth';

/**
 * A staff page needs its screen's code and the sign-in at once. Both start here, from the
 * host's entry, as soon as the site configuration is in: not after React, the router and zod
 * (most of the host's bytes) have arrived and the app has booted. On a phone that put the
 * screen's chunks and Firebase's start-up round trip after those bytes instead of beside them.
 * Nothing here needs those modules; the app's boot finds all of it started.
 */
export function startStaffPage(config: AppConfig, pathname: string): void {
  useAppConfig.getState().setConfig(config);
  registerAppRemotes(config.remotes);
  preloadStaffScreen(pathname);
  startAuthWhenIdle(pathname);
}
