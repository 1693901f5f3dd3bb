/* global window, performance, navigator */
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium.mjs';
import { startBenchStack } from './lib/bench-stack.mjs';
import { PHONE, throttle } from './lib/phone-profile.mjs';
import { seedStops } from './lib/bench-staff.mjs';
const { idTokenFor } = createRequire(import.meta.url)('./lib/auth-emulator.cjs');
const ADMIN = 'bench-admin@blooms.example';
const DRIVER = 'bench-driver@blooms.example';
const { origin, emulatorHost, stop } = await startBenchStack({ port: 28080, emulatorPort: 29199, beforeStart: seedStops });
const headers = { authorization: `Bearer ${await idTokenFor(emulatorHost, ADMIN)}` };
const { month } = await (await fetch(`${origin}/api/start-month`, { headers })).json();
const list = await (await fetch(`${origin}/api/subscriptions?month=${month}&limit=500`, { headers })).json();
const ids = list.rows.filter((row) => row.delivery.scheduled).map((row) => row.id);
await fetch(`${origin}/api/deliveries/assign`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ month, subscriptionIds: ids, assigneeEmail: DRIVER }) });
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
const context = await browser.newContext(PHONE);
const page = await context.newPage();
await page.goto(`${origin}/login`);
await page.getByRole('button', { name: 'Sign in with Google' }).click();
const dialog = page.getByRole('dialog', { name: 'Local Google sign-in' });
await dialog.getByLabel('Email').fill(DRIVER);
await dialog.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL(/\/my-deliveries$/);
await page.waitForSelector('.stop-card');
await page.addInitScript((n) => {
  window.__cards = null;
  const check = () => { if (document.querySelectorAll('.stop-card').length >= n) window.__cards = performance.now(); else requestAnimationFrame(check); };
  requestAnimationFrame(check);
}, ids.length);
await throttle(page);
for (const label of (process.env.RUNS ?? 'cold,reopened,reopened').split(',')) {
  if (label === 'cold') {
    await page.evaluate(async () => { for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister(); for (const k of await caches.keys()) await caches.delete(k); });
    const cdp = await context.newCDPSession(page); await cdp.send('Network.clearBrowserCache');
  }
  await page.goto(`${origin}/my-deliveries`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__cards != null, undefined, { timeout: 60000 });
  await page.waitForTimeout(800);
  const r = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const rows = performance.getEntriesByType('resource').map((e) => [Math.round(e.startTime), Math.round(e.responseEnd), e.transferSize, e.name.replace(location.origin, '')]);
    return { cards: Math.round(window.__cards), nav: [Math.round(nav.responseStart), Math.round(nav.responseEnd), Math.round(nav.domContentLoadedEventEnd)], rows };
  });
  console.log(`\n== ${label}: cards ${r.cards} nav ${r.nav.join('/')}`);
  for (const row of r.rows.filter((x) => x[0] < r.cards + 200)) console.log(row.join('\t'));
  if (label === 'cold') await page.evaluate(() => navigator.serviceWorker.ready);
}
await browser.close();
stop();
process.exit(0);
