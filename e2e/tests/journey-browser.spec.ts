import { chromium, type Browser } from '@playwright/test';
import { expect, test } from '../support/test';
import { visitorsBrowser } from '../support/browsers';

/** How wide each piece of text on a page is drawn at 1280 px, with the brand fonts or their local stand-ins. */
async function textWidths(browser: Browser, baseURL: string, brandFonts: boolean): Promise<number[]> {
  const page = await browser.newPage({ baseURL, viewport: { width: 1280, height: 800 } });
  if (!brandFonts) await page.route('**/*.woff2', (route) => route.abort());
  await page.goto('/how-it-works');
  const widths = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.querySelectorAll('h1, h2, h3, p, li, a, button, label')].map((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getBoundingClientRect().width;
    });
  });
  await page.close();
  return widths;
}

// The journeys run in Chromium's headless shell (support/browsers.ts), and many of them check
// layout: what wraps, what fits. They hold for visitors only if the shell draws text as Chromium does.
test("the journeys' browser draws text as wide as visitors' Chromium, with the brand fonts and without", async ({ browser, baseURL }) => {
  const visitors = await chromium.launch(visitorsBrowser);
  try {
    for (const brandFonts of [true, false]) {
      const journeys = await textWidths(browser, baseURL!, brandFonts);
      expect(journeys.length).toBeGreaterThan(10);
      expect(journeys, brandFonts ? 'brand fonts' : 'local stand-ins').toEqual(await textWidths(visitors, baseURL!, brandFonts));
    }
  } finally {
    await visitors.close();
  }
});
