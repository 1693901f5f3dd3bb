import fs from 'node:fs';
import type { LaunchOptions } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium.mjs';

/**
 * Which Chromium drives a spec. Journeys run in Debian's `chromium-headless-shell`, the build
 * Playwright itself runs headless tests in, at about half the CPU of full Chromium's headless
 * mode. A spec about how a public page loads before its app (prerender.spec.ts,
 * first-tap.spec.ts) runs in full Chromium, the browser visitors have: there the shell fetches
 * the app before the visitor has moved. Without the shell, everything runs in full Chromium.
 */
const fullChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const headlessShell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export const journeyBrowser: LaunchOptions = fs.existsSync(headlessShell)
  ? // The shell rounds glyphs to whole pixels unless told not to, and text would wrap where
    // Chromium's does not (journey-browser.spec.ts).
    { executablePath: headlessShell, args: [...CHROMIUM_ARGS, '--font-render-hinting=none'] }
  : { executablePath: fullChromium, args: CHROMIUM_ARGS };

export const visitorsBrowser: LaunchOptions = { executablePath: fullChromium, args: CHROMIUM_ARGS };
