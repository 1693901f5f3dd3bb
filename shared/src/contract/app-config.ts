import type { RemoteName } from './remotes';
import type { RemoteRoute } from './routes';
import type { SiteContact } from './site';

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
}

/** Served by the backend at /app-config.json and read by the host at boot. */
export interface AppConfig {
  /** Remote name -> URL of the mf-manifest.json of its build that is live (a pinned version's, docs/releases.md). */
  remotes: Record<RemoteName, string>;
  /**
   * Remote name -> the version that is live (its build id), null where its latest build is
   * served unpinned. Absent from a server of a release before versions.
   */
  versions?: Record<RemoteName, string | null>;
  /**
   * The site's pages as the live remotes declare them (contract/site-routes.ts). Absent from a
   * server of a release before remotes declared their routes: the host then uses LEGACY_REMOTE_ROUTES.
   */
  routes?: RemoteRoute[];
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
