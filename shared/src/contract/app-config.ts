import type { RemoteName } from './remotes';
import type { SiteContact } from './site';

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
}

/** Served by the backend at /app-config.json and read by the host at boot. */
export interface AppConfig {
  /** Remote name -> URL of its mf-manifest.json. */
  remotes: Record<RemoteName, string>;
  firebase: FirebaseWebConfig;
  /** Set when the browser must sign in against the Firebase Auth emulator. */
  authEmulatorUrl: string | null;
  /** Base URL of the backend API; '' means the same origin. */
  apiBaseUrl: string;
  /** URL of the staff live feed when it is served apart from the API (its own Cloud Function); null: the API's /api/live. */
  liveUrl: string | null;
  site: SiteContact;
  /** Enables address autocomplete on the subscribe form; null: the form works without it. */
  googleMapsApiKey: string | null;
  /** Google's map under the staff map of the day's stops (MAP_TILES=google with a Maps key); otherwise the map draws from bundled shapes and calls no one. */
  staffMapTiles: boolean;
  /** Whether admins have the test clock: with the test checkout on one server, never with real payments or on Cloud Functions. */
  testClock: boolean;
}

export const APP_CONFIG_PATH = '/app-config.json';

/** Where the host beacons web vitals (a path of its own: the host's first chunk does not load the route table). */
export const WEB_VITALS_PATH = '/api/vitals';
