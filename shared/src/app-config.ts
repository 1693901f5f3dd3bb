import { create } from 'zustand';
import { DEFAULT_SITE_CONTACT, type SiteContact } from './site';

export const REMOTE_NAMES = ['marketing', 'subscribe', 'staff', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

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
  site: SiteContact;
  /** Enables address autocomplete on the subscribe form; null: the form works without it. */
  googleMapsApiKey: string | null;
}

export const APP_CONFIG_PATH = '/app-config.json';

interface AppConfigState {
  config: AppConfig | null;
  setConfig: (config: AppConfig) => void;
}

/** Shared at runtime as a federation singleton so every remote reads the host's copy. */
export const useAppConfig = create<AppConfigState>((set) => ({
  config: null,
  setConfig: (config) => set({ config }),
}));

export function siteContact(): SiteContact {
  return useAppConfig.getState().config?.site ?? DEFAULT_SITE_CONTACT;
}

export function useSiteContact(): SiteContact {
  return useAppConfig((s) => s.config?.site ?? DEFAULT_SITE_CONTACT);
}
