#!/usr/bin/env node
/* global window, document, requestAnimationFrame, addEventListener */
// `pnpm bench:interaction`: how fast the public pages answer a visitor's first tap on a phone.
// Chromium (Playwright) on a phone profile: 390x844, touch, CPU slowed 4x by CDP, 150 ms round
// trip and 1.6 Mbit/s down. For each control, a fresh browser context (nothing cached) loads
// the page, waits for its load event and a second more, taps the control once and times the visible answer
// (from the tap's pointerdown to the frame that shows it; for a link, to the next page's first
// contentful paint, or to the frame that shows it when it opens in the same document). Text fields are then typed into,
// and once the app has taken the page over the benchmark checks that what was typed, ticked or
// chosen is still there. INP is what web-vitals (the package the page reports with) gives for
// the whole visit. Median and worst of BENCH_RUNS runs (5). It prints; it passes or fails nothing.
//
// Then My Deliveries (scripts/lib/bench-staff.mjs): a driver's 60 stops, cold and reopened, and
// the answer to Out for delivery.
//
// BENCH_ORIGIN=http://… measures a site already running (public pages only); BENCH_CONTROLS=
// menu,faq measures only those controls (the names in the second column, none for none);
// BENCH_STAFF=false leaves My Deliveries out; BENCH_PORT picks the stack's port (and the next for its Auth emulator).
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { repoRoot } from './lib/builds.mjs';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium.mjs';
import { startBenchStack } from './lib/bench-stack.mjs';
import { PHONE, throttle } from './lib/phone-profile.mjs';
import { measureStaff, seedStops } from './lib/bench-staff.mjs';

const require = createRequire(path.join(repoRoot, 'host', 'package.json'));
// The package's browser build (its exports name no such file): web-vitals as a global.
const WEB_VITALS = path.join(path.dirname(require.resolve('web-vitals')), 'web-vitals.iife.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ONLY = process.env.BENCH_CONTROLS?.split(',');

/** How long after the page's load event the visitor taps. */
const READING_MS = 1000;

/** What is typed into a text field right after tapping it. */
const TYPED = 'Anna';

/**
 * The controls measured: the page, what is tapped, and (run in the page, as text) what shows
 * the answer. `typed` fields are typed into after the tap; `kept` (in the page) says whether
 * the visitor's input survived the app's take-over.
 */
const field = (name, label) => ({
  name,
  page: '/subscribe',
  target: `#subscribe-${label}`,
  answered: `document.activeElement === document.querySelector('#subscribe-${label}')`,
  typed: true,
  kept: `document.querySelector('#subscribe-${label}').value === ${JSON.stringify(TYPED)} && document.activeElement === document.querySelector('#subscribe-${label}')`,
});
const CONTROLS = [
  {
    name: 'menu',
    page: '/',
    target: '.menu-toggle',
    answered: `document.querySelector('#site-nav a')?.checkVisibility()`,
    kept: `document.querySelector('.menu-toggle').getAttribute('aria-expanded') === 'true' && document.querySelector('#site-nav a').checkVisibility()`,
  },
  {
    name: 'get-started',
    page: '/',
    target: 'main a.button[href="/subscribe"]',
    // Another page: the answer is its first paint (or, in the app, its heading).
    answered: `location.pathname === '/subscribe' && document.querySelector('h1')?.textContent === 'Start your subscription'`,
    navigates: true,
    lands: '/subscribe',
  },
  {
    name: 'carousel',
    page: '/',
    target: 'button[aria-label="Next testimonial"]',
    scrollTo: '.carousel',
    answered: `document.querySelector('.carousel__track').scrollLeft > 0`,
    kept: `document.querySelector('.carousel__track').scrollLeft > 0`,
  },
  {
    name: 'faq-answer',
    page: '/faq',
    target: 'details.disclosure summary',
    answered: `document.querySelector('details.disclosure .disclosure__answer')?.checkVisibility()`,
    kept: `document.querySelector('details.disclosure').open`,
  },
  field('first-name', 'firstName'),
  field('last-name', 'lastName'),
  field('email', 'email'),
  field('phone', 'phone'),
  field('street', 'address'),
  field('unit', 'unit'),
  field('city', 'city'),
  field('zip', 'zip'),
  field('notes', 'deliveryNotes'),
  {
    name: 'gift',
    page: '/subscribe',
    target: 'input[name="gift"]',
    answered: `document.querySelector('input[name="gift"]').checked`,
    kept: `document.querySelector('input[name="gift"]').checked && document.querySelector('#subscribe-buyerName')?.checkVisibility()`,
  },
  {
    name: 'plan-custom',
    page: '/subscribe',
    target: 'input[name="plan"][value="custom"]',
    answered: `document.querySelector('input[name="plan"][value="custom"]').checked`,
    kept: `document.querySelector('input[name="plan"][value="custom"]').checked && document.querySelector('.months')?.checkVisibility()`,
  },
].filter((control) => !ONLY || ONLY.includes(control.name));

/** Runs in every document: the first tap's time, cross-page too, and web-vitals' INP. */
function recordTapsAndInp() {
  const bench = (window.__bench = { tapAt: null, answerAt: null, tapPaintAt: null, inp: null });
  addEventListener(
    'pointerdown',
    (event) => {
      if (bench.tapAt !== null) return;
      bench.tapAt = event.timeStamp;
    },
    { capture: true },
  );
  // For the next page, if the tap leaves this document (written as it goes, not in the tap's handler).
  addEventListener('pagehide', () => {
    if (bench.tapAt !== null) sessionStorage.setItem('bench.tapEpoch', String(performance.timeOrigin + bench.tapAt));
  });
  // The frame each of the tap's events was answered in (Event Timing: what INP is made of).
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (bench.tapAt === null || entry.startTime < bench.tapAt) continue;
      bench.tapPaintAt = Math.max(bench.tapPaintAt ?? 0, entry.startTime + entry.duration);
    }
  }).observe({ type: 'event', durationThreshold: 16 });
  // Every interaction counts, however short (web-vitals leaves out those under 40 ms by default).
  window.webVitals?.onINP((metric) => (bench.inp = metric.value), { reportAllChanges: true, durationThreshold: 16 });
}

/** Waits, frame by frame, until the condition holds and notes when (performance.now()). */
const watchFor = (page, condition) =>
  page.evaluate((source) => {
    const holds = new Function(`return Boolean(${source})`);
    const check = () => {
      if (holds()) window.__bench.answerAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, condition);

/** Whether React has taken over the page's screen. */
const takenOver = () => {
  const screen = document.querySelector('.screen');
  return screen !== null && Object.keys(screen).some((key) => key.startsWith('__reactFiber'));
};

async function measureOnce(browser, origin, control, webVitals) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await throttle(page);
  // A control that may leave the page has no INP to read (the tap may end the document web-vitals
  // watched): its script would only add work to the next page's start, work visitors' pages
  // never do (the site loads its own reporting once its app runs).
  if (!control.navigates) await page.addInitScript({ content: webVitals });
  await page.addInitScript(recordTapsAndInp);
  await page.goto(`${origin}${control.page}`, { waitUntil: 'load' });
  const target = page.locator(control.target).first();
  if (control.scrollTo) await page.locator(control.scrollTo).scrollIntoViewIfNeeded();
  else await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  // A second of reading before the tap, the same for every control.
  await page.waitForTimeout(READING_MS);
  await watchFor(page, control.answered);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  // Typing starts right after the tap, as a person types, whether or not the field shows focus yet.
  if (control.typed) await page.keyboard.type(TYPED, { delay: 100 });
  let answerMs;
  if (control.navigates) {
    // Nothing of the benchmark's runs in the next page until it has loaded: Playwright's
    // script, injected to poll a condition, takes tens of milliseconds at this CPU and would
    // otherwise land before that page's first paint.
    await page.waitForURL((url) => url.pathname === control.lands, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction((source) => new Function(`return Boolean(${source})`)(), control.answered, { timeout: 60_000 });
    const sameDocument = await page.evaluate(() => window.__bench.tapAt !== null);
    if (sameDocument) {
      // The page showed the next one in this document (the app's router, or start.js putting
      // the fetched form in place): the answer is the frame that showed it, the last the tap's
      // events were answered in (or, if none took 16 ms, the frame the watch saw it in).
      await page.waitForFunction(() => window.__bench.tapPaintAt !== null || window.__bench.answerAt !== null, undefined, {
        timeout: 60_000,
      });
      await page.waitForTimeout(200);
      answerMs = await page.evaluate(() => Math.max(window.__bench.tapPaintAt ?? 0, window.__bench.answerAt ?? 0) - window.__bench.tapAt);
    } else {
      answerMs = await page.evaluate(() => {
        const tap = Number(sessionStorage.getItem('bench.tapEpoch'));
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        return performance.timeOrigin + (paint?.startTime ?? performance.now()) - tap;
      });
    }
  } else {
    await page.waitForFunction(() => window.__bench.answerAt !== null && window.__bench.tapAt !== null, undefined, { timeout: 60_000 });
    answerMs = await page.evaluate(() => window.__bench.answerAt - window.__bench.tapAt);
  }
  let kept = null;
  if (control.kept) {
    await page.waitForFunction(takenOver, undefined, { timeout: 60_000 });
    // A frame or two for whatever the app does as it takes over.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    kept = await page.evaluate((source) => new Function(`return Boolean(${source})`)(), control.kept);
  }
  const inp = await page.evaluate(() => window.__bench.inp);
  await context.close();
  return { answerMs, kept, inp };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const ms = (value) => (value === null || value === undefined ? 'n/a' : `${Math.round(value)}`);

const STAFF = process.env.BENCH_STAFF !== 'false';
const { origin, emulatorHost, stop } = await startBenchStack({
  givenOrigin: process.env.BENCH_ORIGIN,
  port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
  emulatorPort: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + 1 : undefined,
  beforeStart: STAFF ? seedStops : undefined,
});
const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: CHROMIUM_ARGS,
});
const { readFile } = await import('node:fs/promises');
// As a global for the init script (Playwright runs each init script in a scope of its own).
const webVitals = `${await readFile(WEB_VITALS, 'utf8')}\nwindow.webVitals = webVitals;`;
try {
  const rows = [];
  for (const control of CONTROLS) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(browser, origin, control, webVitals));
    const answers = runs.map((run) => run.answerMs);
    const inps = runs.map((run) => run.inp).filter((value) => value !== null);
    rows.push({
      control,
      median: median(answers),
      worst: Math.max(...answers),
      kept: control.kept ? `${runs.filter((run) => run.kept).length}/${runs.length}` : '',
      inpMedian: inps.length ? median(inps) : null,
      inpWorst: inps.length ? Math.max(...inps) : null,
    });
    process.stderr.write(`${control.page} ${control.name}: ${answers.map(ms).join(', ')} ms\n`);
  }
  console.log(
    `\nFirst tap on a phone (390x844 touch, CPU 4x slower, 150 ms RTT, 1.6 Mbit/s), ${RUNS} runs each, ${new Date().toISOString().slice(0, 16)}Z\n`,
  );
  console.log('| Page | Control | Tap to answer, median ms | worst ms | Kept after take-over | INP median ms | INP worst ms |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.control.page} | ${r.control.name} | ${ms(r.median)} | ${ms(r.worst)} | ${r.kept} | ${ms(r.inpMedian)} | ${ms(r.inpWorst)} |`,
    );
  if (STAFF) await measureStaff({ browser, origin, emulatorHost, runs: RUNS });
} finally {
  await browser.close();
  stop();
}
