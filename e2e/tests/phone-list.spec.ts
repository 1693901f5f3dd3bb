import { type Locator, type Page } from '@playwright/test';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';
import { calendarMonth, expect, test } from '../support/test';
import { ADMIN_EMAIL, idTokenFor, signInAsStaff } from '../support/session';
import { addStaffMember, showMonth } from '../support/staff';
import { PHONE } from '../support/devices';
import { axeViolations } from '../support/axe';

// May and November have five of the demo's stops (its three Yearly plans and two Custom ones);
// months seven and more ahead are left alone by the rest of the browser suite.
const fullMonth = (from: MonthKey): MonthKey => (['05', '11'].includes(from.slice(5, 7)) ? from : fullMonth(addMonths(from, 1)));
const PHONE_MONTH = fullMonth(addMonths(calendarMonth(), 7));
const LAPTOP_MONTH = addMonths(PHONE_MONTH, 6);

/** The admin assigns every stop of the month to the driver, through the API; how many there are. */
async function assignMonth(admin: Page, month: MonthKey, driverEmail: string): Promise<number> {
  const headers = { authorization: `Bearer ${await idTokenFor(ADMIN_EMAIL)}` };
  const { rows } = await (await admin.request.get(`/api/subscriptions?month=${month}&limit=100`, { headers })).json();
  const ids = rows.filter((row: { delivery: { scheduled: boolean } }) => row.delivery.scheduled).map((row: { id: string }) => row.id);
  const assigned = await admin.request.post('/api/deliveries/assign', {
    headers,
    data: { month, subscriptionIds: ids, assigneeEmail: driverEmail },
  });
  expect(assigned.ok()).toBe(true);
  return ids.length;
}

/** How many of these are wholly inside the window, as it first shows (not scrolled). */
async function whollyInView(page: Page, items: Locator): Promise<number> {
  const { height } = page.viewportSize()!;
  let count = 0;
  for (const item of await items.all()) {
    const box = await item.boundingBox();
    if (box && box.y >= 0 && box.y + box.height <= height) count++;
  }
  return count;
}

/** Each status pill's label sits on one line: its text makes one line box, and nothing is cut off. */
async function pillLines(page: Page): Promise<{ text: string; lines: number; clipped: boolean }[]> {
  return page.locator('.status-pill').evaluateAll((pills) =>
    pills.map((pill) => {
      const range = document.createRange();
      range.selectNodeContents(pill);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      return { text: pill.textContent ?? '', lines: tops.size, clipped: pill.scrollWidth > pill.clientWidth };
    }),
  );
}

/**
 * The screen as it first shows (not scrolled), with one stop out for delivery: every status on
 * one line, at least three stops and the count ("0 of N done") wholly in view, a picture, and no
 * axe violation.
 */
async function checkFirstScreen(page: Page, stops: Locator, progress: Locator, picture: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const pills = await pillLines(page);
  expect(pills.map((p) => p.text)).toContain('Out For Delivery');
  for (const p of pills) expect(p, p.text).toMatchObject({ lines: 1, clipped: false });
  expect(await whollyInView(page, stops)).toBeGreaterThanOrEqual(3);
  expect(await whollyInView(page, progress)).toBe(1);
  await page.screenshot({ path: picture });
  expect(await axeViolations(page)).toEqual([]);
}

test('on a 390 px phone a driver sees several compact stops, the next one first, and "N of M done" as stops are delivered', async ({
  browser,
}, testInfo) => {
  const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const phone = await browser.newContext(PHONE);
  const admin = await laptop.newPage();
  const driver = await phone.newPage();
  const driverEmail = `nell-${Date.now()}@blooms.example`;
  await addStaffMember(admin, 'Nell Next', driverEmail);
  const total = await assignMonth(admin, PHONE_MONTH, driverEmail);
  expect(total).toBeGreaterThanOrEqual(4);

  await signInAsStaff(driver, driverEmail, 'my-deliveries');
  await showMonth(driver, PHONE_MONTH);
  const cards = driver.getByRole('list', { name: /in route order/ }).getByRole('listitem');
  await expect(cards).toHaveCount(total);
  const progress = driver.getByRole('status').filter({ hasText: / done$/ });
  await expect(progress).toHaveText(`0 of ${total} done`);

  // The next stop is the first card, and the only one marked so.
  await expect(cards.nth(0)).toHaveAccessibleName(new RegExp(`^Stop 1 of ${total}: .+, next stop$`));
  await expect(cards.nth(0).getByText('Next', { exact: true })).toBeVisible();
  await expect(driver.getByText('Next', { exact: true })).toHaveCount(1);

  // Out for delivery: its status reads on one line, as every other.
  const first = cards.nth(0);
  const firstName = ((await first.getByRole('heading').textContent()) ?? '').trim();
  await first.getByRole('button', { name: `Out for delivery to ${firstName}` }).click();
  await expect(first.getByText('Out For Delivery', { exact: true })).toBeVisible();
  await checkFirstScreen(driver, cards, progress, testInfo.outputPath('phone-list-390.png'));

  // Every control on the next card, Details open, can be tapped (44 px and more).
  await first.getByRole('button', { name: `Details for ${firstName}` }).click();
  await expect(first.getByRole('button', { name: `Details for ${firstName}` })).toHaveAttribute('aria-expanded', 'true');
  await expect(first.getByRole('link', { name: new RegExp(`^Call ${firstName}, `) })).toBeVisible();
  await expect(first.getByRole('button', { name: `Move ${firstName} up` })).toBeDisabled();
  for (const control of await first.locator('a, button, .stop-card__drag').all()) {
    const box = (await control.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  }
  await driver.screenshot({ path: testInfo.outputPath('phone-details-390.png') });
  expect(await axeViolations(driver)).toEqual([]);

  // Delivered, through the prompt: "1 of N done", the stop goes to the end, and the one after it is next.
  await first.getByRole('button', { name: `Delivered to ${firstName}` }).click();
  const prompt = driver.getByRole('dialog', { name: /^Delivered: / });
  await expect(prompt).toContainText('Was it hand-delivered or left at the door?');
  await prompt.getByRole('button', { name: 'Hand Delivered' }).click();
  await expect(progress).toHaveText(`1 of ${total} done`);
  await expect(cards.nth(0)).toHaveAccessibleName(new RegExp(`^Stop 2 of ${total}: .+, next stop$`));
  await expect(cards.nth(total - 1)).toHaveAccessibleName(new RegExp(`^Stop 1 of ${total}: ${firstName}$`));
  await expect(cards.nth(total - 1).getByText('Delivered', { exact: true })).toBeVisible();
  await expect(driver.getByText('Next', { exact: true })).toHaveCount(1);

  // Scrolled to the last stop, the count stays in view under the site header.
  await driver.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await whollyInView(driver, progress)).toBe(1);
  expect((await progress.boundingBox())!.y).toBeGreaterThanOrEqual((await driver.getByRole('banner').boundingBox())!.height - 1);
  await driver.screenshot({ path: testInfo.outputPath('phone-scrolled-390.png') });

  await Promise.all([laptop.close(), phone.close()]);
});

test('on a 1366 px laptop the driver’s table puts the next stop first, says "N of M done", and keeps statuses on one line', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const admin = await context.newPage();
  const driverEmail = `lee-${Date.now()}@blooms.example`;
  await addStaffMember(admin, 'Lee Laptop', driverEmail);
  const total = await assignMonth(admin, LAPTOP_MONTH, driverEmail);
  expect(total).toBeGreaterThanOrEqual(4);

  const driverContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const driver = await driverContext.newPage();
  await signInAsStaff(driver, driverEmail, 'my-deliveries');
  await showMonth(driver, LAPTOP_MONTH);
  const rows = driver
    .getByRole('table')
    .getByRole('row')
    .filter({ has: driver.getByRole('rowheader') });
  await expect(rows).toHaveCount(total);
  const progress = driver.getByRole('status').filter({ hasText: / done$/ });
  await expect(progress).toHaveText(`0 of ${total} done`);
  await expect(rows.nth(0).getByRole('rowheader')).toContainText('Next stop');
  await expect(driver.getByText('Next stop', { exact: true })).toHaveCount(1);

  // The driver sets out to the first stop (from the phone, as the table only records deliveries).
  const firstName = ((await rows.nth(0).getByRole('rowheader').textContent()) ?? '').replace('Next stop', '').trim();
  const headers = { authorization: `Bearer ${await idTokenFor(driverEmail)}` };
  const mine = await (await driver.request.get(`/api/my-deliveries?month=${LAPTOP_MONTH}`, { headers })).json();
  const firstId = mine.find((row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}` === firstName).id;
  const out = await driver.request.post('/api/deliveries/status', {
    headers,
    data: { subscriptionId: firstId, month: LAPTOP_MONTH, expectedStatus: 'not-started' },
  });
  expect(out.ok()).toBe(true);
  const pill = rows.nth(0).getByRole('button', { name: /^Out For Delivery: / });
  await expect(pill).toBeVisible();

  await checkFirstScreen(driver, rows, progress, testInfo.outputPath('laptop-list-1366.png'));

  await pill.click();
  await driver
    .getByRole('dialog', { name: /^Delivered: / })
    .getByRole('button', { name: 'Hand Delivered' })
    .click();
  await expect(progress).toHaveText(`1 of ${total} done`);
  await expect(rows.nth(0).getByRole('rowheader')).toContainText('Next stop');
  await expect(rows.nth(0).getByRole('rowheader')).not.toContainText(firstName);
  await expect(rows.nth(total - 1).getByRole('rowheader')).toHaveText(firstName);
  await expect(rows.nth(total - 1)).toContainText('Delivered');

  await driver.setViewportSize({ width: 1280, height: 800 });
  await driver.screenshot({ path: testInfo.outputPath('laptop-list-1280.png') });
  expect(await axeViolations(driver)).toEqual([]);
  await Promise.all([context.close(), driverContext.close()]);
});
