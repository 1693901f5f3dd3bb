import path from 'node:path';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { ADMIN_EMAIL, idTokenFor, signInAsStaff } from '../support/session';
import { moveClock, workAndNext } from '../support/test-clock';
import { showMonth } from '../support/staff';
import { addDays } from '@blooms/shared/contract/delivery-dates';
import { formatMonth } from '@blooms/shared/contract/months';
import { LIVE } from '../support/live';
import { LAPTOP, PHONE } from '../support/devices';

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');

const countOf = async (figure: Locator) => Number((await figure.locator('.day-summary__value').textContent())!.split(' / ')[0]);

test('the day summary counts the stops, each figure filters the list, and a phone watching it follows changes live', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const laptop = await browser.newContext(LAPTOP);
  const phone = await browser.newContext(PHONE);
  const [admin, watcher] = await Promise.all([laptop.newPage(), phone.newPage()]);
  for (const page of [admin, watcher]) {
    await signInAsStaff(page, ADMIN_EMAIL);
    await expect(page.getByRole('status').filter({ hasText: 'Live updates on' })).toBeVisible();
  }
  const summaryOf = (page: typeof admin) => page.getByRole('region', { name: 'The day at a glance' });
  const unassigned = (page: typeof admin) => summaryOf(page).getByRole('button', { name: /To assign$/ });
  await expect(summaryOf(admin).getByRole('button', { name: /Stops?$/ })).toBeVisible();
  const before = await countOf(unassigned(admin));
  expect(before).toBeGreaterThan(1);

  // To assign pressed: the list holds exactly those stops.
  await unassigned(admin).click();
  await expect(unassigned(admin)).toHaveAttribute('aria-pressed', 'true');
  const names = admin.getByRole('table').getByRole('rowheader');
  await expect(names).toHaveCount(Math.min(before, 100));
  await admin.screenshot({ path: path.join(SCREENSHOTS, 'day-summary-1280.png') });

  // One of them is assigned on the laptop: the phone's figures follow without a reload.
  await admin.getByRole('table').getByRole('checkbox').nth(1).check();
  await admin.getByRole('combobox', { name: 'Assign 1 delivery to:' }).selectOption({ label: 'admin' });
  await expect(admin.getByRole('status').filter({ hasText: 'Assigned 1 delivery to admin.' })).toBeVisible();
  await expect(unassigned(watcher)).toHaveText(`${before - 1} To assign`, LIVE);
  await expect(summaryOf(watcher).getByRole('button', { name: /admin$/ })).toBeVisible();
  await watcher.screenshot({ path: path.join(SCREENSHOTS, 'day-summary-390.png'), fullPage: false });

  // Pressed again, the figure lets the whole list back.
  await unassigned(admin).click();
  await expect(unassigned(admin)).toHaveAttribute('aria-pressed', 'false');
  await expect(names).not.toHaveCount(before - 1);
  await Promise.all([laptop.close(), phone.close()]);
});

test('before its day has passed no stop is not delivered; the day after, the summary and the owner’s figures say how many were not', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const laptop = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const phone = await browser.newContext(PHONE);
  const [admin, watcher] = await Promise.all([laptop.newPage(), phone.newPage()]);
  for (const page of [admin, watcher]) await signInAsStaff(page, ADMIN_EMAIL);
  const headers = { Authorization: `Bearer ${await idTokenFor(ADMIN_EMAIL)}` };
  const [work, next] = await workAndNext(request, headers);
  const figure = (page: Page, name: RegExp) => page.getByRole('region', { name: 'The day at a glance' }).getByRole('button', { name });
  const count = (page: Page, name: RegExp) => countOf(figure(page, name));

  // The screens open on the day still to come: every stop stands somewhere, none is a failure.
  for (const page of [admin, watcher]) {
    await expect(page.locator('.month-navigator__label')).toHaveText(formatMonth(work.month));
    await expect(figure(page, /Stops?$/)).toBeVisible();
    await expect(figure(page, /Not delivered$/)).toHaveCount(0);
  }
  const stops = await count(admin, /Stops?$/);
  const standing = await Promise.all([/To assign$/, /^\d+ Assigned$/, /Out$/, /Delivered$/].map((name) => count(admin, name)));
  expect(standing.reduce((sum, n) => sum + n, 0)).toBe(stops);
  await admin.screenshot({ path: path.join(SCREENSHOTS, 'day-summary-before-1366.png') });
  await watcher.screenshot({ path: path.join(SCREENSHOTS, 'day-summary-before-390.png') });

  try {
    // The day after (by the server's clock), the stops not delivered are counted, as the passed-over notice and the owner's figures count them.
    await moveClock(request, headers, addDays(work.date, 1));
    for (const page of [admin, watcher]) {
      await page.reload();
      await expect(page.locator('.month-navigator__label')).toHaveText(formatMonth(next.month));
      await expect(figure(page, /Not delivered$/)).toHaveCount(0);
      await showMonth(page, work.month);
      await expect(figure(page, /Not delivered$/)).toBeVisible();
    }
    const notDelivered = (await count(admin, /Stops?$/)) - (await count(admin, /Delivered$/));
    expect(notDelivered).toBeGreaterThan(0);
    await expect(figure(admin, /Not delivered$/)).toHaveText(`${notDelivered} Not delivered`);
    await expect(figure(watcher, /Not delivered$/)).toHaveText(`${notDelivered} Not delivered`);
    // The owner's figures are kept: read again once they are refreshed for the new day.
    await expect
      .poll(async () => {
        const figures = await (await request.get(`/api/business-figures?from=${work.month}&to=${work.month}`, { headers })).json();
        return figures.refreshing ? null : figures.deliveries[0].notDelivered;
      })
      .toBe(notDelivered);
    await admin.screenshot({ path: path.join(SCREENSHOTS, 'day-summary-after-1366.png') });
    await watcher.screenshot({ path: path.join(SCREENSHOTS, 'day-summary-after-390.png') });
    await figure(admin, /Not delivered$/).click();
    await expect(admin.getByRole('table').getByRole('rowheader')).toHaveCount(Math.min(notDelivered, 100));
  } finally {
    await moveClock(request, headers, null);
    await Promise.all([laptop.close(), phone.close()]);
  }
});
