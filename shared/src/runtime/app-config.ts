import { create } from 'zustand';
import type { AppConfig } from '../contract/app-config';
import { DEFAULT_SITE_CONTACT, type SiteContact } from '../contract/site';

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
