// What the Firebase suite's checks share: how a check is run and reported, and small helpers.
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium.mjs';
export { waitFor } from '../test/support/wait-for';

const results: { name: string; ok: boolean }[] = [];
export const timings: Record<string, string> = {};

/** Runs one check and prints PASS or FAIL with what it found. */
export async function check(name: string, run: () => Promise<string | void>): Promise<void> {
  try {
    const detail = (await run()) ?? '';
    results.push({ name, ok: true });
    console.log(`PASS  ${name}${detail ? `: ${detail}` : ''}`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`FAIL  ${name}: ${(error as Error).message}`);
  }
}

export function failedChecks(): { passed: number; failed: number } {
  const failed = results.filter((result) => !result.ok).length;
  return { passed: results.length - failed, failed };
}

export function expectEqual(actual: unknown, expected: unknown, what: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

export function expectTrue(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

/** fetch, with the request named when it fails outright. */
export async function fetch(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await globalThis.fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    throw new Error(`${init?.method ?? 'GET'} ${url} failed: ${cause}`);
  }
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Times `count` requests one after another: median and slowest, in ms. */
export async function warmTimes(count: number, request: () => Promise<Response>): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await (await request()).text();
    times.push(performance.now() - started);
  }
  return `median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`;
}

/** Signs in to the Auth emulator with a Google credential, as the browser does; returns the ID token. */
export async function signIn(authHost: string, email: string): Promise<string> {
  const idToken = JSON.stringify({ sub: `google-${email}`, email, email_verified: true });
  const response = await fetch(`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=suite`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      postBody: `id_token=${encodeURIComponent(idToken)}&providerId=google.com`,
      requestUri: 'http://localhost',
      returnSecureToken: true,
    }),
  });
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`emulator sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/**
 * What a visitor would see go wrong on a page: script errors, console errors (a failed
 * request is one) and Content-Security-Policy violations, each with where it happened.
 */
export async function watchForProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const where = () => new URL(page.url()).pathname;
  page.on('pageerror', (error) => problems.push(`${where()}: script error: ${error.message.split('\n')[0]}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${where()}: console error: ${message.text().slice(0, 300)} (${message.location().url})`);
  });
  await page.exposeFunction('reportPolicyViolation', (text: string) => problems.push(`${where()}: CSP violation: ${text}`));
  await page.addInitScript(() => {
    // Runs in the page (this package's types have no DOM).
    const page = globalThis as unknown as {
      document: { addEventListener: (type: string, listener: (event: { violatedDirective: string; blockedURI: string }) => void) => void };
      reportPolicyViolation: (text: string) => void;
    };
    page.document.addEventListener('securitypolicyviolation', (event) =>
      page.reportPolicyViolation(`${event.violatedDirective} blocked ${event.blockedURI}`),
    );
  });
  return problems;
}

/** Starts the app on a prerendered page as a visitor would (a key press), and waits until React has taken its screen over. */
export async function hydrate(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.waitForFunction(() => {
    const { document } = globalThis as unknown as { document: { querySelector: (selector: string) => object | null } };
    return Object.keys(document.querySelector('.screen') ?? {}).some((key) => key.startsWith('__reactFiber'));
  });
}
