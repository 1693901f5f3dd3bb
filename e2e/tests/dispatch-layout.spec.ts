import path from 'node:path';
import { expect, test } from '../support/test';
import { ADMIN_EMAIL, signInAsStaff } from '../support/session';
import { LAPTOP } from '../support/devices';

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');

test('dispatching at 1280 px: words never break mid-word, headings take at most two lines, the selection bar and Undo stay in view', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const laptop = await browser.newContext(LAPTOP);
  const page = await laptop.newPage();
  await signInAsStaff(page, ADMIN_EMAIL);
  const table = page.getByRole('table');
  await expect(table.getByRole('rowheader')).not.toHaveCount(0);

  const layout = await page.evaluate(() => {
    const brokenWords: string[] = [];
    for (const cell of document.querySelectorAll('.deliveries-table__wrap')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of node.textContent!.matchAll(/[^\s-]+-?/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          if (range.getClientRects().length > 1) brokenWords.push(word[0]);
        }
      }
    }
    // Lines of text, not boxes: a heading's block-level note is one more line of text, its box is not.
    const headingLines = [...document.querySelectorAll('.deliveries-table thead th')].map((th) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 1) tops.add(Math.round(rect.top));
      }
      return tops.size;
    });
    return { brokenWords, longestHeading: Math.max(...headingLines) };
  });
  expect(layout.brokenWords).toEqual([]);
  expect(layout.longestHeading).toBeLessThanOrEqual(2);

  // A stop far down the list is selected: the bar to assign it is in view.
  const last = page.locator('tbody input[type=checkbox]:not([disabled])').last();
  await last.scrollIntoViewIfNeeded();
  await last.check();
  await expect(page.getByRole('combobox', { name: 'Assign 1 delivery to:' })).toBeInViewport();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'selection-bar-1280.png') });
  await last.uncheck();

  // A step forward, down the list, can be undone from a bar in view.
  const stop = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Not Started/ }) })
    .last();
  const pill = stop.getByRole('button', { name: /^Not Started/ });
  const name = (await stop.getByRole('rowheader').evaluate((cell) => cell.firstChild?.textContent ?? '')).trim();
  await pill.click();
  await expect(page.getByText(`${name}'s delivery is now Out For Delivery.`)).toBeInViewport();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'undo-forward-1280.png') });
  await page.getByRole('button', { name: 'Undo' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await expect(row.getByRole('button', { name: /^Not Started/ })).toBeVisible();
  await laptop.close();
});
