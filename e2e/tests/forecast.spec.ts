import fs from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { addDays, formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths } from '@blooms/shared/contract/months';
import { FORECAST_CSV_COLUMNS } from '@blooms/shared/contract/forecast';
import { PICKUP_NOTE } from '@blooms/shared/contract/vases';
import { moveClock, workAndNext } from '../support/test-clock';
import { signInToAccount, subscribeByApi } from '../support/account';
import { ADMIN_EMAIL, idTokenFor, mainNav, signInAsStaff } from '../support/session';
import { LAPTOP, PHONE } from '../support/devices';

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');

const dayRows = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });
/** A day's figures as the table shows them: arrangements, first deliveries, skips, pauses, held, vases. */
const figuresOf = async (page: Page, date: string) =>
  page
    .getByRole('row')
    // The table adds the year to days in a later year than the first.
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${formatDeliveryDate(date)}(, \\d{4})?$`) }) })
    .getByRole('cell')
    .allTextContents();
const vasesOut = async (page: Page) =>
  Number((await page.getByText(/^Vases out with subscribers now: \d+$/).textContent())!.match(/\d+$/)![0]);

test('the forecast lists the next 13 delivery days from the one that is today or next, at 1280 px and on a phone, and exports them', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await laptop.newPage();
  await signInAsStaff(page, ADMIN_EMAIL);
  const headers = { Authorization: `Bearer ${await idTokenFor(ADMIN_EMAIL)}` };
  const [work, next] = await workAndNext(request, headers);
  await mainNav(page).getByRole('link', { name: 'Forecast' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forecast' })).toBeVisible();
  await expect(dayRows(page)).toHaveCount(13);
  await expect(dayRows(page).first().getByRole('rowheader')).toHaveText(formatDeliveryDate(work.date));

  try {
    // On the delivery day itself the day is still the first; a subscriber that day first gets the next.
    await moveClock(request, headers, work.date);
    await page.reload();
    await expect(dayRows(page).first().getByRole('rowheader')).toHaveText(formatDeliveryDate(work.date));
    const [arrangements, firsts] = (await figuresOf(page, next.date)).map(Number);
    await subscribeByApi(request, `forecast-${Date.now()}@example.com`, 'all', 'Fern');
    await page.reload();
    await expect.poll(async () => (await figuresOf(page, next.date)).slice(0, 2)).toEqual([String(arrangements! + 1), String(firsts! + 1)]);

    // The day after, the forecast starts with the next delivery day.
    await moveClock(request, headers, addDays(work.date, 1));
    await page.reload();
    await expect(dayRows(page).first().getByRole('rowheader')).toHaveText(formatDeliveryDate(next.date));
    await expect(dayRows(page)).toHaveCount(13);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'forecast-1280.png'), fullPage: true });

    // The CSV holds the same days and figures.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`forecast-${next.month}.csv`);
    const lines = fs
      .readFileSync((await file.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(FORECAST_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(14);
    expect(lines[1]!.split(',').slice(0, 3)).toEqual([next.date, ...(await figuresOf(page, next.date)).slice(0, 2)]);

    // A phone: a card per day, each figure named, nothing wider than the screen.
    const phone = await browser.newContext(PHONE);
    const florist = await phone.newPage();
    await signInAsStaff(florist, ADMIN_EMAIL);
    await florist.goto('/forecast');
    await expect(dayRows(florist)).toHaveCount(13);
    const first = dayRows(florist).first();
    await expect(first.getByRole('rowheader')).toHaveText(formatDeliveryDate(next.date));
    // Each figure is labelled on the card (drawn from the cell's data-label, the column's name).
    const labels = await first
      .getByRole('cell')
      .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content.replaceAll('"', '')));
    expect(labels).toEqual(['Arrangements', 'First deliveries', 'Skips', 'Pauses', 'Held (past due)', 'Vases to collect']);
    const [card, cell] = [await first.boundingBox(), await first.getByRole('cell').first().boundingBox()];
    expect(cell!.width).toBeGreaterThan(card!.width * 0.8);
    expect(await florist.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await florist.screenshot({ path: path.join(SCREENSHOTS, 'forecast-390.png') });
    await phone.close();
  } finally {
    await moveClock(request, headers, null);
    await laptop.close();
  }
});

test('after a subscriber’s last delivery the next month has a pickup-only stop; the driver marks the vase collected and the count drops', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const headers = { Authorization: `Bearer ${await idTokenFor(ADMIN_EMAIL)}` };
  const email = `vase-${Date.now()}@example.com`;
  await subscribeByApi(request, email, 'all', 'Vera');
  const find = async (month: string) =>
    (await (await request.get(`/api/subscriptions?month=${month}&q=${encodeURIComponent(email)}`, { headers })).json()).rows[0];
  const [work] = await workAndNext(request, headers);
  const first = (await find(work.month)).delivery.scheduled ? work : (await workAndNext(request, headers))[1]!;
  const after = addMonths(first.month, 1);
  const vera = (await find(first.month)).id as string;
  const laptop = await browser.newContext(LAPTOP);
  const phone = await browser.newContext(PHONE);
  try {
    // Her first delivery is made on its day: her vase is out.
    await moveClock(request, headers, first.date);
    const post = (url: string, data: object) => request.post(url, { headers, data });
    expect((await post('/api/deliveries/assign', { month: first.month, subscriptionIds: [vera], assigneeEmail: ADMIN_EMAIL })).ok()).toBe(
      true,
    );
    expect((await post('/api/deliveries/status', { subscriptionId: vera, month: first.month, expectedStatus: 'not-started' })).ok()).toBe(
      true,
    );
    const made = await request.post('/api/deliveries/proof', {
      headers,
      multipart: { subscriptionId: vera, month: first.month, method: 'hand' },
    });
    expect(made.ok()).toBe(true);

    // The day after, she cancels: that delivery was her last.
    await moveClock(request, headers, addDays(first.date, 1));
    const account = await laptop.newPage();
    await signInToAccount(account, email);
    await account.getByRole('button', { name: 'Cancel subscription' }).click();
    await account.getByRole('radio', { name: 'I am moving out of the delivery area' }).check();
    await account.getByRole('button', { name: 'Continue' }).click();
    await account.getByRole('button', { name: 'Yes, cancel my subscription' }).click();
    await expect(account.getByText(/^Cancelled, last delivery /)).toBeVisible();

    // The forecast counts her vase to collect on the next day; the dashboard's row says so.
    const page = await laptop.newPage();
    await signInAsStaff(page, ADMIN_EMAIL);
    await page.getByRole('searchbox', { name: 'Search' }).fill(email);
    await expect(page.getByRole('row').filter({ hasText: 'Vera Account' })).toContainText('No (collect the vase)');
    await page.goto('/forecast');
    await expect(dayRows(page).first().getByRole('rowheader')).toHaveText(/.+/);
    const outBefore = await vasesOut(page);
    expect((await (await request.get('/api/forecast', { headers })).json()).days[0]).toMatchObject({ month: after });
    await expect(dayRows(page).first().getByRole('cell').last()).toContainText('pickup-only');
    expect((await post('/api/deliveries/assign', { month: after, subscriptionIds: [vera], assigneeEmail: ADMIN_EMAIL })).ok()).toBe(true);

    // The dashboard (on that month now) counts her stop among the day's, as a pickup, and maps it as a diamond.
    await page.goto('/dashboard');
    const pickups = page.getByRole('region', { name: 'The day at a glance' }).getByRole('button', { name: /Pickups?$/ });
    await pickups.click();
    await expect(pickups).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'Vera Account' })).toBeVisible();
    await page.getByRole('button', { name: "Map of the day's stops" }).click();
    await expect(page.locator(`.day-map [data-stop="${vera}"][data-pickup]`)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Diamond: pickup only, collect the vase');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'pickup-dashboard-1280.png'), fullPage: true });
    await page.goto('/forecast');

    // On the phone: a card that says to collect the vase, out for it, then collected.
    const driver = await phone.newPage();
    await signInAsStaff(driver, ADMIN_EMAIL);
    await driver.goto('/my-deliveries');
    const card = driver.getByRole('listitem', { name: /Vera Account/ });
    await expect(card).toContainText(PICKUP_NOTE);
    await card.getByRole('button', { name: 'Out for the vase of Vera Account' }).click();
    await card.getByRole('button', { name: 'Vase collected from Vera Account' }).click();
    await expect(card.locator('.status-pill')).toHaveText('Collected');
    await driver.screenshot({ path: path.join(SCREENSHOTS, 'pickup-390.png') });

    // Her vase is back: one fewer out.
    await page.reload();
    await expect.poll(() => vasesOut(page)).toBe(outBefore - 1);
  } finally {
    await moveClock(request, headers, null);
    await laptop.close();
    await phone.close();
  }
});
