import path from 'node:path';
import { type Page } from '@playwright/test';
import { calendarMonth, expect, test } from '../support/test';
import { addMonths } from '@blooms/shared/contract/months';
import { signInAsStaff } from '../support/session';
import { addStaffMember, showMonth } from '../support/staff';
import { PHONE } from '../support/devices';

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');
// A month of its own, far enough ahead that no other test assigns in it.
const MONTH = addMonths(calendarMonth(), 6);

/** Every request the page makes to another host than the stack's: the map must need none. */
function outsideRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { hostname } = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(hostname) && !request.url().startsWith('data:')) seen.push(request.url());
  });
  return seen;
}

test('assign by area: the split is previewed, applied as shown, and each driver sees their stretch on a map with no network', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const laptop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await laptop.newPage();
  await addStaffMember(admin, 'Mara Map', 'mara.map@example.com');
  // Still on Manage Users, signed in: the second one the same way.
  await admin.getByLabel('Name', { exact: true }).fill('Nico Map');
  await admin.getByLabel('Email', { exact: true }).fill('nico.map@example.com');
  await admin.getByRole('button', { name: 'Add User' }).click();
  await expect(admin.getByRole('row').filter({ hasText: 'nico.map@example.com' })).toContainText('Nico Map');
  const outside = outsideRequests(admin);
  await admin.goto('/dashboard');
  await showMonth(admin, MONTH);
  const toAssign = admin.getByRole('region', { name: 'The day at a glance' }).getByRole('button', { name: /To assign$/ });
  const before = Number((await toAssign.locator('.day-summary__value').textContent())!);
  expect(before).toBeGreaterThan(1);

  // The map, opened beside the list: three counties, I-15, a dot per stop (each a button), and the same in words.
  await admin.getByRole('button', { name: "Map of the day's stops" }).click();
  const map = admin.getByRole('group', { name: /stops: / });
  await expect(map).toBeVisible();
  await expect(map.locator('.day-map__county')).toHaveCount(3);
  await expect(map.locator('.day-map__i15')).toHaveCount(1);
  await expect(map.locator('circle.day-map__stop')).not.toHaveCount(0);
  // Each marker is a button: a stop, or stops whose dots would overlap, as one that lists them.
  await expect(map.getByRole('button')).toHaveCount(await map.locator('.day-map__marker').count());
  await expect(admin.locator('.stops-map__caption')).toContainText('Placed at the centre of their ZIP codes.');

  // Nothing is assigned before Apply; the preview says who gets which areas, balanced.
  await admin.getByRole('button', { name: 'Assign by area…' }).click();
  const panel = admin.getByRole('region', { name: 'Assign by area' });
  await expect(panel.getByRole('group', { name: `Split the ${before} unassigned stops among:` })).toBeVisible();
  await panel.getByRole('checkbox', { name: 'Mara' }).check();
  await panel.getByRole('checkbox', { name: 'Nico' }).check();
  const shares = panel.getByRole('list', { name: 'Preview: who gets which stops' }).locator(':scope > li');
  await expect(shares).toHaveCount(2);
  const counts = (await shares.allTextContents()).map((text) => Number(/: (\d+) stops?/.exec(text)![1]));
  expect(counts.reduce((a, b) => a + b)).toBe(before);
  expect(Math.abs(counts[0]! - counts[1]!)).toBeLessThanOrEqual(1);
  await expect(shares.first()).toContainText(/^Mara: \d+ stops? in .*\d{5} \(\d+\)/);
  await expect(toAssign).toHaveText(`${before} To assign`);
  await panel.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: path.join(SCREENSHOTS, 'assign-by-area-1280.png'), fullPage: true });

  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: `Assigned ${before} stops by area: Mara ${counts[0]}, Nico ${counts[1]}.` }),
  ).toBeVisible();
  await expect(toAssign).toHaveText('0 To assign');
  await admin.getByRole('radio', { name: 'By driver' }).check();
  await expect(admin.locator('.stops-map__legend')).toContainText(`Mara: ${counts[0]}`);
  await admin.locator('.stops-map').scrollIntoViewIfNeeded();
  await admin.screenshot({ path: path.join(SCREENSHOTS, 'day-map-1280.png') });
  expect(outside).toEqual([]);

  // Mara's phone: My Deliveries loads no map code until she opens the map; then her stops, by status.
  const phone = await browser.newContext(PHONE);
  const driver = await phone.newPage();
  const driverOutside = outsideRequests(driver);
  const mapChunks: string[] = [];
  driver.on('request', (request) => {
    if (/day-map/.test(request.url())) mapChunks.push(request.url());
  });
  await signInAsStaff(driver, 'mara.map@example.com', 'my-deliveries');
  await showMonth(driver, MONTH);
  await expect(driver.locator('.stop-card')).toHaveCount(counts[0]!);
  expect(mapChunks).toEqual([]);
  await driver.getByText("Map of the day's stops").tap();
  const driverMap = driver.getByRole('img', { name: new RegExp(`^${counts[0]} stops?: `) });
  await expect(driverMap).toBeVisible();
  await expect(driverMap.locator('circle.day-map__stop')).toHaveCount(counts[0]!);
  expect(mapChunks.length).toBeGreaterThan(0);
  await driver.screenshot({ path: path.join(SCREENSHOTS, 'day-map-390.png'), fullPage: false });
  expect(driverOutside).toEqual([]);
  await Promise.all([laptop.close(), phone.close()]);
});
