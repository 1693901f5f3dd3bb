/* global window, document, requestAnimationFrame, addEventListener, caches */
// My Deliveries on the phone profile (`pnpm bench:interaction`): a driver with STOPS stops this
// month opens it from a cold start (no HTTP cache, no service worker) and again (reopened),
// then marks a stop Out for delivery.
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { repoRoot } from './builds.mjs';
import { PHONE, throttle } from './phone-profile.mjs';

const { idTokenFor } = createRequire(import.meta.url)('./auth-emulator.cjs');

const ADMIN = 'bench-admin@blooms.example';
const DRIVER = 'bench-driver@blooms.example';
const STOPS = Number(process.env.BENCH_STOPS ?? 60);

/** Seeds the stack's database (before it starts): the admin, the driver and the subscribers. */
export function seedStops(dataDir) {
  const functions = path.join(repoRoot, 'functions');
  const result = spawnSync(
    path.join(functions, 'node_modules', '.bin', 'tsx'),
    ['bench/seed-stops.ts', dataDir, ADMIN, DRIVER, String(STOPS)],
    { cwd: functions, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error("seeding the driver's stops failed");
}

/**
 * The admin assigns every stop of the month My Deliveries opens on (this month until its
 * delivery day has passed, then the next) to the driver, through the API.
 */
async function assignStops(origin, emulatorHost) {
  const headers = { authorization: `Bearer ${await idTokenFor(emulatorHost, ADMIN)}` };
  const { month } = await (await fetch(`${origin}/api/start-month`, { headers })).json();
  const list = await (await fetch(`${origin}/api/subscriptions?month=${month}&limit=500`, { headers })).json();
  const ids = list.rows.filter((row) => row.delivery.scheduled).map((row) => row.id);
  const response = await fetch(`${origin}/api/deliveries/assign`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ month, subscriptionIds: ids, assigneeEmail: DRIVER }),
  });
  if (!response.ok) throw new Error(`assigning the stops failed: ${response.status} ${await response.text()}`);
  return ids.length;
}

/** Runs in every document: when all the cards are drawn (a reopened screen: the kept ones), and the page's largest paint so far. */
function recordCardsAndLcp(stops) {
  const bench = (window.__staffBench = { cardsAt: null, lcp: null, lcpElement: null });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      bench.lcp = entry.startTime;
      const element = entry.element;
      bench.lcpElement = element
        ? `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${(element.textContent ?? '').slice(0, 30)}"`
        : null;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const check = () => {
    if (document.querySelectorAll('.stop-card').length >= stops) bench.cardsAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

async function openMyDeliveries(page, origin) {
  await page.goto(`${origin}/my-deliveries`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__staffBench?.cardsAt != null, undefined, { timeout: 120_000 });
  // The last candidate: nothing larger is drawn after the cards.
  await page.waitForTimeout(500);
  return page.evaluate(() => ({
    cards: window.__staffBench.cardsAt,
    lcp: window.__staffBench.lcp,
    lcpElement: window.__staffBench.lcpElement,
  }));
}

/**
 * Taps the first stop's Out for delivery and times the card's answers: the button pressed
 * (disabled while the change is sent) and the stop shown out for delivery (its Delivered button).
 */
async function markOutForDelivery(page) {
  // A reopened screen first draws the list the device kept, read-only: the tap waits for the live one.
  await page.waitForFunction(() => !document.querySelector('.live-indicator--updating'), undefined, { timeout: 60_000 });
  const button = page.locator('button[aria-label^="Out for delivery to "]').first();
  const name = (await button.getAttribute('aria-label')).replace('Out for delivery to ', '');
  await button.scrollIntoViewIfNeeded();
  await page.evaluate((who) => {
    const bench = window.__staffBench;
    bench.tapAt = null;
    bench.pressedAt = null;
    bench.answerAt = null;
    addEventListener('pointerdown', (event) => (bench.tapAt ??= event.timeStamp), { capture: true, once: true });
    const check = () => {
      const out = document.querySelector(`button[aria-label="Out for delivery to ${who}"]`);
      if (bench.tapAt !== null && bench.pressedAt === null && (!out || out.disabled)) bench.pressedAt = performance.now();
      if (document.querySelector(`button[aria-label="Delivered to ${who}"]`)) bench.answerAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, name);
  const box = await button.boundingBox();
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction(() => window.__staffBench.answerAt != null, undefined, { timeout: 60_000 });
  return page.evaluate(() => ({
    pressed: window.__staffBench.pressedAt - window.__staffBench.tapAt,
    shown: window.__staffBench.answerAt - window.__staffBench.tapAt,
  }));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${Math.round(value)}`;

export async function measureStaff({ browser, origin, emulatorHost, runs }) {
  if (!emulatorHost) {
    console.log('\nMy Deliveries: measured only on the stack this benchmark starts (it seeds the stops).');
    return;
  }
  const assigned = await assignStops(origin, emulatorHost);
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const dialog = page.getByRole('dialog', { name: 'Local Google sign-in' });
  await dialog.getByLabel('Email').fill(DRIVER);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/my-deliveries$/);
  await page.addInitScript(recordCardsAndLcp, assigned);
  const cdp = await throttle(page);
  const rows = { cold: [], coldLcp: [], reopened: [], reopenedLcp: [], pressed: [], outForDelivery: [] };
  for (let i = 0; i < runs; i++) {
    // Cold: nothing cached, no service worker (still signed in, as a driver opening the app is).
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
      for (const key of await caches.keys()) await caches.delete(key);
    });
    await cdp.send('Network.clearBrowserCache');
    const cold = await openMyDeliveries(page, origin);
    rows.cold.push(cold.cards);
    rows.coldLcp.push(cold.lcp);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const reopened = await openMyDeliveries(page, origin);
    rows.reopened.push(reopened.cards);
    rows.reopenedLcp.push(reopened.lcp);
    const answer = await markOutForDelivery(page);
    rows.pressed.push(answer.pressed);
    rows.outForDelivery.push(answer.shown);
    process.stderr.write(
      `My Deliveries run ${i + 1}: cold ${ms(cold.cards)} (LCP ${ms(cold.lcp)}, ${cold.lcpElement}), reopened ${ms(reopened.cards)} (LCP ${ms(reopened.lcp)}, ${reopened.lcpElement}), out for delivery ${ms(rows.outForDelivery.at(-1))} ms\n`,
    );
  }
  await context.close();
  console.log(`\nMy Deliveries, ${assigned} stops, same phone, ${runs} runs\n`);
  console.log('| Measure | median ms | worst ms |');
  console.log('|---|---|---|');
  for (const [label, values] of [
    ['Cold: all cards drawn', rows.cold],
    ['Cold: LCP', rows.coldLcp],
    ['Reopened: all cards drawn', rows.reopened],
    ['Reopened: LCP', rows.reopenedLcp],
    ['Out for delivery: tap to the button pressed (sending)', rows.pressed],
    ['Out for delivery: tap to the stop shown out for delivery', rows.outForDelivery],
  ]) {
    console.log(`| ${label} | ${ms(median(values))} | ${ms(Math.max(...values))} |`);
  }
}
