import path from 'node:path';
import { type Locator, type Page } from '@playwright/test';
import { calendarMonth, expect, test } from '../support/test';
import { ADMIN_EMAIL, signInAsStaff } from '../support/session';
import { addMonths, monthNameOf } from '@blooms/shared/contract/months';
import { showMonth } from '../support/staff';
import { PHONE } from '../support/devices';
import { subscribeByApi, type Place } from '../support/account';
import { axeViolations } from '../support/axe';

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');
// A month of its own: the stops seeded here are the only custom-plan ones in it.
const MONTH = addMonths(calendarMonth(), 5);
const PROVO: Place = { address: '77 N University Ave', city: 'Provo', zip: '84601' };
const SANDY: Place = { address: '8 E Center St', city: 'Sandy', zip: '84070' };

/** Four stops at one Provo ZIP (their dots would overlap) and two in Sandy, in MONTH. */
async function seedStops(request: Parameters<typeof subscribeByApi>[0]): Promise<void> {
  const tag = Date.now().toString(36);
  const plan = [monthNameOf(MONTH)];
  for (let i = 0; i < 6; i++) {
    const place = i < 4 ? PROVO : SANDY;
    await subscribeByApi(request, `cluster-${tag}-${i}@example.com`, plan, `Cluster${i}`, `${place.city}${tag}`, place);
  }
}

/** The admin on the dashboard at MONTH, the name prompt put off. */
async function openDashboard(page: Page): Promise<void> {
  await signInAsStaff(page, ADMIN_EMAIL);
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByRole('region', { name: 'The day at a glance' }).getByRole('button', { name: /Stops?$/ })).toBeVisible();
  await showMonth(page, MONTH);
}

/** What sticks out past the window's right edge and is not cut off by a box that fits: it would scroll the page sideways. */
function wider(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (el: Element): boolean => {
      for (let up = el.parentElement; up; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX !== 'visible' && up.getBoundingClientRect().right <= width + 0.5) return true;
      }
      return false;
    };
    const out = [...document.body.querySelectorAll('*')].filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.right > width + 0.5 && !clipped(el);
    });
    return [
      ...(document.documentElement.scrollWidth > width ? [`page ${document.documentElement.scrollWidth} > ${width}`] : []),
      ...out.map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
    ];
  });
}

async function inFirstScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= height && box.x + box.width <= width;
}

test.beforeAll(async ({ request }) => {
  await seedStops(request);
});

test('at 1366 x 768 the map shows what the search leaves, says how many it hides, and a cluster of close stops lists them by keyboard', async ({
  browser,
}) => {
  const laptop = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await laptop.newPage();
  await openDashboard(page);
  const mapButton = page.getByRole('button', { name: "Map of the day's stops" });
  if ((await mapButton.getAttribute('aria-expanded')) !== 'true') await mapButton.click();
  const map = page.getByRole('region', { name: "Map of the day's stops" });
  const drawing = map.getByRole('group', { name: /stops: / });
  await expect(drawing).toBeVisible();
  // The four stops at one Provo ZIP are one marker with their count; Sandy's two are another.
  const provo = drawing.getByRole('button', { name: /^\d+ stops near Provo$/ });
  await expect(provo).toHaveCount(1);
  await expect(provo.locator('.day-map__cluster-count')).toHaveText(/^\d+$/);
  expect(Number(await provo.locator('.day-map__cluster-count').textContent())).toBeGreaterThanOrEqual(4);
  await expect(drawing.getByRole('button', { name: /Sandy/ })).not.toHaveCount(0);
  await expect(map.getByRole('status').filter({ hasText: /hide/ })).toHaveCount(0);
  const everyStop = await drawing.locator('.day-map__marker').count();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-clusters-1366.png') });

  // Search: only Provo's stops are left on the map, and it says how many the search hides.
  await page.getByRole('searchbox', { name: 'Search' }).fill('Provo');
  await expect(page.getByRole('table').getByRole('rowheader').filter({ hasText: /Sandy/ })).toHaveCount(0);
  await expect(map.getByRole('status').filter({ hasText: /^\d+ of \d+ stops shown: the search and filters hide \d+\./ })).toBeVisible();
  await expect(drawing.getByRole('button', { name: /Sandy/ })).toHaveCount(0);
  for (const marker of await drawing.getByRole('button').all()) await expect(marker).toHaveAccessibleName(/(near Provo$|, Provo: )/);
  expect(await drawing.locator('.day-map__marker').count()).toBeLessThan(everyStop);

  // The cluster, by keyboard: Enter lists its stops and moves into the list; a stop picked there picks its row.
  await provo.focus();
  await page.keyboard.press('Enter');
  await expect(provo).toHaveAttribute('aria-expanded', 'true');
  const name = (await provo.getAttribute('aria-label'))!;
  const list = drawing.getByRole('group', { name });
  const entries = list.getByRole('listitem').getByRole('button');
  await expect(entries).toHaveCount(Number(name.split(' ')[0]));
  await expect(entries.first()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(entries.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(entries.nth(1)).toHaveAttribute('aria-pressed', 'true');
  const picked = (await entries.nth(1).locator('strong').textContent())!;
  await expect(page.getByRole('table').locator('tr.is-picked').getByRole('rowheader')).toContainText(picked);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-cluster-open-1366.png') });
  expect(await axeViolations(page)).toEqual([]);
  // Escape shuts the list and gives the focus back to the cluster.
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(provo).toBeFocused();
  await expect(provo).toHaveAttribute('aria-expanded', 'false');

  // Cleared, the whole day is back on the map.
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(drawing.locator('.day-map__marker')).toHaveCount(everyStop);
  await expect(map.getByRole('status').filter({ hasText: /hide/ })).toHaveCount(0);

  // At 1280 px the same, beside the list: the page itself never scrolls sideways.
  await page.setViewportSize({ width: 1280, height: 800 });
  await provo.click();
  await expect(provo).toHaveAttribute('aria-expanded', 'true');
  expect(await wider(page)).toEqual([]);
  await map.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-cluster-1280.png') });
  await laptop.close();
});

test('at 390 x 844 the first screen holds the day and three stops, the filters fold behind a button, nothing scrolls sideways', async ({
  browser,
}) => {
  const phone = await browser.newContext(PHONE);
  const page = await phone.newPage();
  await openDashboard(page);
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows.nth(3)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));

  // The first screen: the day at a glance, the search, and at least three whole stops.
  expect(await inFirstScreen(page, page.getByRole('region', { name: 'The day at a glance' }))).toBe(true);
  expect(await inFirstScreen(page, page.getByRole('searchbox', { name: 'Search' }))).toBe(true);
  for (let i = 0; i < 3; i++) expect(await inFirstScreen(page, rows.nth(i)), `stop ${i + 1} in the first screen`).toBe(true);
  // Each card still shows the spec's columns: who, how to reach them, where, the month's delivery.
  const first = rows.first();
  await expect(first.getByRole('rowheader')).toBeVisible();
  await expect(first.getByRole('link', { name: /@example\.com$/ })).toBeVisible();
  await expect(first.getByRole('link', { name: '(801) 555-0142' })).toBeVisible();
  await expect(first.getByRole('link', { name: /Center St|University Ave/ })).toBeVisible();
  await expect(first.getByRole('button', { name: /^Not Started: change to/ })).toBeVisible();
  for (const cell of ['__deliver', '__submitted']) await expect(first.locator(`.deliveries-table${cell}`)).toBeVisible();
  await expect(first.getByRole('cell', { name: /^Unassigned$|Assigned/ })).toBeVisible();
  expect(await wider(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-first-screen-390.png') });
  expect(await axeViolations(page)).toEqual([]);

  // The filters are folded behind a button that says how many are on.
  const filters = page.getByRole('button', { name: /^Filters/ });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Status')).toBeHidden();
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('Status').selectOption({ label: 'Not Started' });
  await expect(filters).toHaveAccessibleName('Filters 1 on');
  expect(await wider(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-filters-390.png') });
  await filters.click();
  await expect(page.getByLabel('Status')).toBeHidden();
  await expect(filters).toHaveAccessibleName('Filters 1 on');

  // The map under the list: the cluster opens by keyboard, its stops fit the screen.
  await page.getByRole('button', { name: "Map of the day's stops" }).click();
  const drawing = page.getByRole('region', { name: "Map of the day's stops" }).getByRole('group', { name: /stops: / });
  const provo = drawing.getByRole('button', { name: /^\d+ stops near Provo$/ });
  await provo.focus();
  await page.keyboard.press('Enter');
  const list = drawing.getByRole('group', { name: (await provo.getAttribute('aria-label'))! });
  await expect(list.getByRole('listitem').first().getByRole('button')).toBeFocused();
  expect(await wider(page)).toEqual([]);
  await list.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-cluster-390.png') });
  expect(await axeViolations(page)).toEqual([]);
  await phone.close();
});
