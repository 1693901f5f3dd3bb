import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/test';
import { MESSAGES } from '@blooms/shared/contract/messages';
import { UNREADABLE_REPLY_PATH, noSuchRouteMessage, type UnreadableReply } from '@blooms/shared/contract/unreadable-reply';
import { ADMIN_EMAIL, signInAsStaff } from '../support/session';
import { LAPTOP, PHONE } from '../support/devices';

// The staff screens against an API of another release, played by rewriting its replies in the
// browser: a route it does not have (404), and a month list without a field the page reads
// (as an older API answered "Deliver This Month: No (undefined)").
const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');

/** The API answers this route as an API without it would. */
const withoutRoute = (page: Page, pattern: string, method: string, apiPath: string) =>
  page.route(pattern, (route) =>
    route.fulfill({ status: 404, json: { error: 'not-found', message: noSuchRouteMessage(method, apiPath) } }),
  );

/** Waits for the page's report of a reply it could not read, and reads it. */
const reportOf = (page: Page) =>
  page
    .waitForRequest((request) => request.url().endsWith(UNREADABLE_REPLY_PATH))
    .then((request: Request) => JSON.parse(request.postData()!) as UnreadableReply);

test('the dashboard says the page was updated, with Reload, when the month list lacks a field and the map’s route is missing; Reload brings it back', async ({
  browser,
}) => {
  const context = await browser.newContext(LAPTOP);
  const page = await context.newPage();
  await signInAsStaff(page, ADMIN_EMAIL);
  await expect(page.getByRole('table').getByRole('row')).not.toHaveCount(1);

  // Every row without the delivery's state, which "Deliver This Month" is worded from.
  await page.route('**/api/subscriptions?*', async (route) => {
    const page1 = await (await route.fetch()).json();
    for (const row of page1.rows) delete row.delivery.state;
    await route.fulfill({ json: page1 });
  });
  await withoutRoute(page, '**/api/day-stops?*', 'GET', '/api/day-stops');
  const reported = reportOf(page);
  await page.reload();

  const notice = page.getByRole('alert').filter({ hasText: MESSAGES.pageUpdated });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Reload' })).toBeVisible();
  expect(await reported).toMatchObject({
    route: expect.stringMatching(/^GET \/api\/(subscriptions|day-stops)$/),
    build: expect.any(String),
  });
  // The map's failure shows where the map is, once it is opened.
  await page.getByRole('button', { name: "Map of the day's stops" }).click();
  await expect(page.getByText('The day’s stops could not be loaded.')).toBeVisible();
  await expect(page.getByText(/Loading subscriptions|Loading the day’s stops/)).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText('undefined');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'page-updated-dashboard-1280.png') });

  // Once the API and the page agree again (the page of the API's release), Reload shows the month.
  await page.unrouteAll();
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('table').getByRole('row')).not.toHaveCount(1);
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.pageUpdated })).toHaveCount(0);
  await expect(page.getByRole('table')).not.toContainText('undefined');
  await context.close();
});

test('on a phone, the forecast says the page was updated when the API has no forecast route, and reports it', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await signInAsStaff(page, ADMIN_EMAIL);
  await withoutRoute(page, '**/api/forecast', 'GET', '/api/forecast');
  const reported = reportOf(page);
  await page.goto('/forecast');

  await expect(page.getByRole('heading', { level: 1, name: 'Forecast' })).toBeVisible();
  const notice = page.getByRole('alert').filter({ hasText: MESSAGES.pageUpdated });
  await expect(notice).toBeVisible();
  expect(await reported).toMatchObject({ route: 'GET /api/forecast', status: 404, problem: 'no such route' });
  await expect(page.getByText('Loading the forecast…')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  // The notice fits the phone's width.
  const box = (await notice.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'page-updated-forecast-390.png') });
  await context.close();
});
