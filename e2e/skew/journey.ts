import type { Locator, Page } from '@playwright/test';
import { expect, test as base } from '../support/test';

/**
 * What a page may end in when the two sides are a release apart: the screen it was opened for,
 * or one of the designed messages. Never a blank page, a refused request or `undefined`.
 */
const DESIGNED_MESSAGES = [
  // The host: the live build does not have the page, or was built for other shared modules.
  'This page is being updated',
  // A screen that cannot read a reply of the API (the client's parsing of every reply).
  'This page was updated',
];
const DESIGNED = new RegExp(DESIGNED_MESSAGES.join('|'));
const BROKEN_TEXT = /\bundefined\b|\bNaN\b|\[object Object\]/;

/** The requests a page made that the other side refused for what they are: a 400 (a request it does not take), a missing route, a server error. */
function watchRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const status = response.status();
    if ((url.pathname.startsWith('/api/') || url.pathname.startsWith('/checkout/')) && (status === 400 || status === 404 || status >= 500))
      refused.push(`${response.request().method()} ${url.pathname} ${status}`);
  });
  page.on('pageerror', (error) => refused.push(`script error: ${error.message.split('\n')[0]}`));
  return refused;
}

/** Each journey on its project's stack, failing on any refusal the page met. */
export const test = base.extend<{ refusals: string[] }>({
  refusals: [
    async ({ page }, use, testInfo) => {
      // The stack's outbox, for the e-mailed sign-in link (support/outbox.ts reads E2E_DATA_DIR).
      process.env.E2E_DATA_DIR = (testInfo.project.metadata as { dataDir: string }).dataDir;
      const refused = watchRefusals(page);
      await use(refused);
      expect(refused, 'requests refused or scripts failed').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Waits for the screen (its locator visible) or a designed message; either way the page has
 * text and none of it reads `undefined`. Returns which it was.
 */
export async function expectScreen(page: Page, screen: Locator): Promise<'shown' | 'designed message'> {
  const message = page.getByRole('alert').filter({ hasText: DESIGNED });
  await expect(screen.or(message).first()).toBeVisible({ timeout: 20_000 });
  const main = page.getByRole('main');
  await expect(main).not.toHaveText(/^\s*$/);
  expect(await main.innerText(), 'the page reads as meant').not.toMatch(BROKEN_TEXT);
  if ((await message.count()) === 0) return 'shown';
  // Allowed, and said in the run's output: which page met the other release that way.
  console.log(
    `${test.info().project.name}: ${new URL(page.url()).pathname} ended in "${(await message.first().innerText()).split('\n')[0]}"`,
  );
  return 'designed message';
}
