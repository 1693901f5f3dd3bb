import fs from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/**
 * Which Chromium drives a spec. Journeys run in Debian's `chromium-headless-shell`, the build
 * Playwright itself runs headless tests in, at about half the CPU of full Chromium's headless
 * mode. A spec about how a public page loads before its app (prerender.spec.ts,
 * first-tap.spec.ts) runs in full Chromium, the browser visitors have: there the shell fetches
 * the app before the visitor has moved. Without the shell, everything runs in full Chromium.
 */
const fullChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const headlessShell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

// Debian Chromium as root, offline: no sandbox, no background calls to Google.
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const journeyBrowser: LaunchOptions = fs.existsSync(headlessShell)
  ? // The shell rounds glyphs to whole pixels unless told not to, and text would wrap where
    // Chromium's does not (journey-browser.spec.ts).
    { executablePath: headlessShell, args: [...args, '--font-render-hinting=none'] }
  : { executablePath: fullChromium, args };

export const visitorsBrowser: LaunchOptions = { executablePath: fullChromium, args };
