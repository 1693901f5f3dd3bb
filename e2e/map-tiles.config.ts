import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import baseConfig from './playwright.config';
import { FAKE_MAPS_KEY } from './support/fake-static-map';

type WebServer = Extract<PlaywrightTestConfig['webServer'], unknown[]>[number];
const [suiteStack] = baseConfig.webServer as WebServer[];

/**
 * The staff map with Google's map under it (./map-tiles): the browser suite's stack, once, with
 * MAP_TILES=google, a made-up Maps key and a local stand-in for the Geocoding API
 * (support/map-tiles-stack.mjs). The browser's Static Maps requests are answered by the spec.
 */
export default defineConfig({
  ...baseConfig,
  testDir: './map-tiles',
  outputDir: './test-results/map-tiles',
  workers: 1,
  webServer: {
    ...suiteStack!,
    command: 'node support/map-tiles-stack.mjs',
    env: { ...suiteStack!.env!, MAP_TILES: 'google', GOOGLE_MAPS_API_KEY: FAKE_MAPS_KEY },
  },
});
