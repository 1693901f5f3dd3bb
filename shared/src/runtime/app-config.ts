import { useSyncExternalStore } from 'react';
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

/**
 * The deployment's contact details, also while React hydrates a prerendered page. The server
 * wrote this deployment's details into that page (functions/src/http/public/page-html.ts) and
 * the host sets the same ones here before hydrating; a store hook would hydrate against the
 * store's initial state (the built-in defaults) instead, and React would throw the page away.
 */
export function useSiteContact(): SiteContact {
  return useSyncExternalStore(useAppConfig.subscribe, siteContact, siteContact);
}
