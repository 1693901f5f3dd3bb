import { APP_CONFIG_PATH, type AppConfig } from '@blooms/shared/contract/app-config';

let request: Promise<AppConfig> | null = null;

/**
 * The site configuration, asked for once per page: a staff page's early start and the app's
 * boot share the one request, which the page's preload of it answers (the server marks it
 * no-cache, so a second request would go to the network again).
 */
export function requestAppConfig(): Promise<AppConfig> {
  request ??= fetch(APP_CONFIG_PATH).then(async (response) => {
    if (!response.ok) throw new Error(`${APP_CONFIG_PATH} answered ${response.status}`);
    return (await response.json()) as AppConfig;
  });
  return request;
}
