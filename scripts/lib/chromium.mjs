// Finds the Chromium the browser tests drive. Playwright's own browser download is not
// possible offline, so the suite uses the system's: Debian's `chromium` package, and its
// `chromium-headless-shell` for the journeys (e2e/support/browsers.ts).
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
const HEADLESS_SHELL = ['/usr/bin/chromium-headless-shell'];

function find(configured, candidates) {
  if (configured) {
    if (!fs.existsSync(configured)) throw new Error(`${configured} does not exist.`);
    return configured;
  }
  return candidates.find((candidate) => fs.existsSync(candidate)) ?? null;
}

/** Installs a Debian package when running as root on a machine with apt-get; false when it cannot. */
function aptInstall(debianPackage) {
  if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) return false;
  console.log(`${debianPackage} is missing: installing Debian's package…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', debianPackage], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return true;
}

/** Returns the path to Chromium, installing Debian's package first when running as root. */
export function ensureChromium() {
  const found = find(process.env.CHROMIUM_PATH, CHROMIUM);
  if (found) return found;
  if (aptInstall('chromium')) {
    const installed = find(undefined, CHROMIUM);
    if (installed) return installed;
  }
  throw new Error(
    'The browser tests need Chromium and none was found.\n' +
      '  Debian/Ubuntu: sudo apt-get install chromium\n' +
      '  Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chromium',
  );
}

/**
 * Returns the path to Chromium's headless shell, installing Debian's package first when running
 * as root; null when there is none, and the journeys then run in full Chromium, only slower.
 */
export function ensureHeadlessShell() {
  const found = find(process.env.CHROMIUM_HEADLESS_SHELL_PATH, HEADLESS_SHELL);
  if (found) return found;
  try {
    if (aptInstall('chromium-headless-shell')) return find(undefined, HEADLESS_SHELL);
  } catch (error) {
    console.error(`Could not install chromium-headless-shell (${error.message}): the journeys run in full Chromium.`);
  }
  return null;
}

/** The browsers' paths as the browser suites read them from the environment. */
export function ensureBrowsers() {
  const headlessShell = ensureHeadlessShell();
  return { CHROMIUM_PATH: ensureChromium(), ...(headlessShell ? { CHROMIUM_HEADLESS_SHELL_PATH: headlessShell } : {}) };
}
