#!/usr/bin/env node
// `pnpm bench:lighthouse`: Lighthouse (mobile settings) on the production build served by
// `pnpm start` (or the site at LIGHTHOUSE_ORIGIN), for the pages visitors land on. Prints a
// table; passes or fails nothing.
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium.mjs';
import { startBenchStack } from './lib/bench-stack.mjs';

/** The pages the issue names; LIGHTHOUSE_PAGES=/,/faq measures only those. */
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/how-it-works', '/seasonal-collections', '/faq', '/subscribe'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
/** Set to a folder to keep each page's median report (JSON, open it in the Lighthouse viewer). */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;

/** Measure a site already running there (the Firebase emulators: FIREBASE_SUITE_HOLD=1 pnpm test:firebase) instead of `pnpm start`. */
const GIVEN_ORIGIN = process.env.LIGHTHOUSE_ORIGIN;

const { origin, stop: stopStack } = await startBenchStack({ givenOrigin: GIVEN_ORIGIN });

const chrome = await chromeLauncher.launch({
  chromePath: ensureChromium(),
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});

try {
  const rows = [];
  for (const page of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const { lhr } = await lighthouse(`${origin}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (lhr.runtimeError) console.error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      for (const id of ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']) {
        if (lhr.audits[id].errorMessage) console.error(`${page}: ${id}: ${lhr.audits[id].errorMessage}`);
      }
      runs.push(lhr);
    }
    // The median run by performance score, and among equal scores by LCP: when every run scores
    // 100 the run in the middle is the one with the median LCP, not whichever ran third.
    const lcpOf = (report) => report.audits['largest-contentful-paint'].numericValue;
    const lhr = runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score || lcpOf(a) - lcpOf(b))[
      Math.floor(runs.length / 2)
    ];
    const lcps = runs.map(lcpOf);
    if (REPORT_DIR) {
      fs.mkdirSync(REPORT_DIR, { recursive: true });
      fs.writeFileSync(path.join(REPORT_DIR, `${page === '/' ? 'home' : page.slice(1)}.json`), JSON.stringify(lhr));
    }
    const requests = lhr.audits['network-requests'].details.items;
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    const interactiveAt = lhr.audits.interactive.numericValue;
    const firebaseEarly = scripts.some(
      (r) => /\/auth\.[0-9a-f]{8}\.js|firebase/.test(r.url) && r.networkRequestTime !== undefined && r.networkRequestTime < interactiveAt,
    );
    const score = (name) => Math.round(lhr.categories[name].score * 100);
    rows.push({
      page,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: Math.round(lcpOf(lhr)),
      lcpRange: `${Math.round(Math.min(...lcps))}-${Math.round(Math.max(...lcps))}`,
      tbt: Math.round(lhr.audits['total-blocking-time'].numericValue),
      cls: lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3),
      jsKb: (scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024).toFixed(1),
      firebaseEarly,
      failing: ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
        lhr.categories[category].auditRefs
          .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
          .map((ref) => ref.id),
      ),
    });
  }
  console.log(
    `\nLighthouse ${rows.length ? '(mobile, simulated throttling)' : ''}, ${RUNS} run(s) per page, ${new Date().toISOString().slice(0, 10)}\n`,
  );
  console.log(
    '| Page | Performance | Accessibility | Best practices | SEO | LCP ms | LCP range ms | TBT ms | CLS | JS KB transferred | Firebase before interactive |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcp} | ${r.lcpRange} | ${r.tbt} | ${r.cls} | ${r.jsKb} | ${r.firebaseEarly ? 'yes' : 'no'} |`,
    );
  }
  const failing = rows.filter((r) => r.failing.length);
  if (failing.length) {
    console.log('\nAudits below 100 outside performance:');
    for (const r of failing) console.log(`  ${r.page}: ${r.failing.join(', ')}`);
  }
} finally {
  await chrome.kill();
  stopStack();
}
