// Finds the Chromium the browser tests drive. Playwright's own browser download is not
// possible offline, so the suite uses the system's: Debian's `chromium` package, and its
// `chromium-headless-shell` for the journeys (e2e/support/browsers.ts).
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';

/** How every test and benchmark starts Chromium: as root (no sandbox), offline, with no background calls to Google. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
const HEADLESS_SHELL = ['/usr/bin/chromium-headless-shell'];

/** The path in the environment variable when it is set (it must exist), else the first candidate there is. */
function find(variable, candidates) {
  const configured = process.env[variable];
  if (configured) {
    if (!fs.existsSync(configured)) throw new Error(`${variable}=${configured} does not exist.`);
    return configured;
  }
  return candidates.find((candidate) => fs.existsSync(candidate)) ?? null;
}

/** Installs Debian packages when running as root on a machine with apt-get; false when it cannot. */
function aptInstall(debianPackages) {
  if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) return false;
  console.log(`Missing: installing Debian's ${debianPackages.join(' and ')}…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...debianPackages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return true;
}

const chromium = () => find('CHROMIUM_PATH', CHROMIUM);
const headlessShell = () => find('CHROMIUM_HEADLESS_SHELL_PATH', HEADLESS_SHELL);

const NO_CHROMIUM =
  'The browser tests need Chromium and none was found.\n' +
  '  Debian/Ubuntu: sudo apt-get install chromium chromium-headless-shell\n' +
  '  Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chromium';

/** Returns the path to Chromium, installing Debian's package first when running as root. */
export function ensureChromium() {
  if (!chromium()) aptInstall(['chromium']);
  const found = chromium();
  if (!found) throw new Error(NO_CHROMIUM);
  return found;
}

/**
 * The browsers' paths as the browser suites read them from the environment, installing what is
 * missing first when running as root. Without the headless shell the journeys run in full
 * Chromium, only slower.
 */
export function ensureBrowsers() {
  const missing = [...(chromium() ? [] : ['chromium']), ...(headlessShell() ? [] : ['chromium-headless-shell'])];
  if (missing.length > 0) {
    try {
      aptInstall(missing);
    } catch (error) {
      console.error(`Could not install ${missing.join(' and ')}: ${error.message}`);
    }
  }
  const found = chromium();
  if (!found) throw new Error(NO_CHROMIUM);
  const shell = headlessShell();
  if (!shell) console.log('No chromium-headless-shell: the journeys run in full Chromium.');
  return { CHROMIUM_PATH: found, ...(shell ? { CHROMIUM_HEADLESS_SHELL_PATH: shell } : {}) };
}
