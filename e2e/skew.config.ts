import { defineConfig } from '@playwright/test';
import baseConfig from './playwright.config';
import { SITE_SETTINGS } from './support/site-settings';

/**
 * The skew test (scripts/skew/run.mjs sets SKEW_STACKS): each remote's journeys (./skew) on
 * two stacks at once, each the `pnpm start` of one release serving a mix of the two releases'
 * builds (STATIC_ROOT): the previous release's remotes with this host and API, and this
 * release's remotes with the previous host and API.
 */
export interface SkewStack {
  /** What the stack mixes, as the project is named. */
  name: string;
  /** The release whose `scripts/start.mjs` (and so backend) runs. */
  startScript: string;
  staticRoot: string;
  dataDir: string;
  port: number;
  authEmulatorPort: number;
}

const stacks = JSON.parse(process.env.SKEW_STACKS ?? '[]') as SkewStack[];

export default defineConfig({
  ...baseConfig,
  testDir: './skew',
  outputDir: './test-results/skew',
  // One journey at a time: the two stacks' journeys share nothing, but two of one stack would share its data.
  workers: 1,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'artifacts/skew-report' }]] : 'list',
  projects: stacks.map((stack) => ({
    name: stack.name,
    use: { baseURL: `http://127.0.0.1:${stack.port}` },
    metadata: { dataDir: stack.dataDir },
  })),
  // Each as the browser suite's stack, on its ports, its data and its mix of builds.
  webServer: stacks.map((stack) => ({
    ...(baseConfig.webServer as object[])[0],
    command: `node ${stack.startScript}`,
    url: `http://127.0.0.1:${stack.port}/api/health`,
    env: {
      PORT: String(stack.port),
      AUTH_EMULATOR_PORT: String(stack.authEmulatorPort),
      DATA_DIR: stack.dataDir,
      STATIC_ROOT: stack.staticRoot,
      ADMIN_EMAILS: 'admin@example.com',
      LOG_LEVEL: 'warn',
      ...SITE_SETTINGS,
    },
  })),
});
