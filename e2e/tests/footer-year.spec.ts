import { copyright } from '@blooms/shared/contract/copyright';
import { expect, suiteNow, test } from '../support/test';
import { waitForHydration } from '../support/hydration';

// The footer's year is the studio's, on the page as served (prerendered when the site was built,
// perhaps in an earlier year) and after React takes it over: on New Year's Eve in Salt Lake City
// it is already the next year in UTC.
test('the footer carries the studio’s year from the first paint, and React takes the page over without a mismatch', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const line = `${copyright(suiteNow())}. All rights reserved.`;
  expect(await (await page.request.get('/faq')).text()).toContain(line);
  await page.goto('/faq');
  await waitForHydration(page);
  await expect(page.getByRole('contentinfo')).toContainText(line);
  expect(errors).toEqual([]);
});
