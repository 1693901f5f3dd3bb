import fs from 'node:fs';
import path from 'node:path';
import { type Locator, type Page } from '@playwright/test';
import { calendarMonth, expect, test } from '../support/test';
import { ADMIN_EMAIL, mainNav, signInAsStaff } from '../support/session';
import { addMonths, monthNameOf } from '@blooms/shared/contract/months';
import { defaultDeliveryDate, formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { waitForHydration } from '../support/hydration';
import { LIVE } from '../support/live';
import { showMonth } from '../support/staff';
import { LAPTOP, PHONE } from '../support/devices';
import { subscribeByApi, type Place } from '../support/account';
import { axeViolations } from '../support/axe';

const SPEC_COLUMNS = [
  'Name',
  'Email',
  'Phone',
  'Address',
  'Unit',
  'City',
  'State',
  'ZIP',
  'Notes',
  'Status',
  'Deliver This Month',
  'Assigned',
  'Submitted',
];

test.use({ viewport: { width: 1280, height: 800 } });

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');
const SANDY: Place = { address: '8 E Center St', city: 'Sandy', zip: '84070' };
const PROVO: Place = { address: '77 N University Ave', city: 'Provo', zip: '84601' };

/** Twelve more subscribers, seven in Sandy and five in Provo, on a plan that does not deliver in the months the other journeys use. */
async function seedTwelve(request: Parameters<typeof subscribeByApi>[0]): Promise<void> {
  const plan = [monthNameOf(addMonths(calendarMonth(), 4))];
  const tag = Date.now().toString(36);
  for (let i = 0; i < 12; i++) {
    const place = i < 7 ? SANDY : PROVO;
    await subscribeByApi(request, `dense-${tag}-${i}@example.com`, plan, `Dense${i}`, `${place.city}${tag}`, place);
  }
}

/** Whether the whole of the element is inside the window. */
async function fullyInView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= height && box.x + box.width <= width;
}

/** The admin on the dashboard, the name prompt put off (this admin has no name). */
async function openDashboard(page: Page): Promise<void> {
  await signInAsStaff(page, ADMIN_EMAIL);
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByRole('region', { name: 'The day at a glance' }).getByRole('button', { name: /Stops?$/ })).toBeVisible();
}

test('on a 1366 x 768 laptop the first screen holds the day and a dozen rows; search narrows what is in view; the map opens beside the list, remembered, and picks rows as rows pick it', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await seedTwelve(request);
  const laptop = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await laptop.newPage();
  await openDashboard(page);
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows.nth(11)).toBeVisible();

  // The first screen: the day at a glance, the search, and twelve whole rows of one line each.
  expect(await fullyInView(page, page.getByRole('region', { name: 'The day at a glance' }))).toBe(true);
  expect(await fullyInView(page, page.getByRole('searchbox', { name: 'Search' }))).toBe(true);
  for (let i = 0; i < 12; i++) expect(await fullyInView(page, rows.nth(i)), `row ${i + 1} in view`).toBe(true);
  // Every row is UT: the State heading says it once.
  await expect(page.getByRole('columnheader', { name: /^State/ })).toHaveText('State all UT');
  const map = page.getByRole('region', { name: "Map of the day's stops" });
  const mapButton = page.getByRole('button', { name: "Map of the day's stops" });
  await expect(mapButton).toHaveAttribute('aria-expanded', 'false');
  await expect(map).toBeHidden();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-1366.png') });

  // Search: the rows in view are the matching ones, at once where the eye is.
  await page.getByRole('searchbox', { name: 'Search' }).click();
  await page.keyboard.type('Provo');
  const names = page.getByRole('table').getByRole('rowheader');
  await expect(names.filter({ hasText: /^Dense\d Sandy/ })).toHaveCount(0);
  await expect(names.filter({ hasText: /^Dense\d Provo/ })).not.toHaveCount(0);
  for (const row of await rows.all()) await expect(row).toContainText('Provo');
  // However many matches other journeys on this stack have left, the first is where the eye is.
  expect(await fullyInView(page, rows.first())).toBe(true);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-provo-1366.png') });

  // The map opens beside the list, and stays open on the next visit.
  await mapButton.click();
  await expect(mapButton).toHaveAttribute('aria-expanded', 'true');
  const drawing = map.getByRole('group', { name: /stops?/ });
  await expect(drawing).toBeVisible();
  const tableBox = (await page.getByRole('region', { name: 'Subscriptions table' }).boundingBox())!;
  const mapBox = (await map.boundingBox())!;
  expect(mapBox.x).toBeGreaterThanOrEqual(tableBox.x + tableBox.width);
  expect(mapBox.y).toBeLessThan(tableBox.y + 100);

  // A row's pin, reached from its tick box with the arrow key, highlights its dot.
  const stopRow = rows.filter({ has: page.getByRole('button', { name: /^Show .+ on the map$/ }) }).first();
  const stopName = (await stopRow.getByRole('rowheader').locator('.deliveries-table__name').textContent())!;
  await stopRow.getByRole('checkbox').focus();
  await page.keyboard.press('ArrowRight');
  const pin = stopRow.getByRole('button', { name: `Show ${stopName} on the map` });
  await expect(pin).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  // By the stop's id (other journeys leave namesakes behind): its own dot, or its line in the cluster it is in.
  const dot = map.locator(`:is([role=button], button)[data-stop="${await stopRow.getAttribute('data-row')}"]`);
  await expect(dot).toHaveAccessibleName(new RegExp(`^${stopName}, `));
  await expect(dot).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-map-1366.png') });

  // A dot, picked by keyboard, brings its row into view, highlighted.
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(names.filter({ hasText: /^Dense\d Sandy/ })).not.toHaveCount(0);
  // A stop's own dot (a cluster of close stops is named by its count instead).
  const dots = drawing.getByRole('button', { name: /, / });
  const lastDot = dots.last();
  const lastStop = (await lastDot.getAttribute('data-stop'))!;
  await lastDot.focus();
  await page.keyboard.press('Enter');
  await expect(lastDot).toHaveAttribute('aria-pressed', 'true');
  const pickedRow = page.locator(`tr[data-row="${lastStop}"]`);
  await expect(pickedRow).toHaveClass(/is-picked/);
  // Beside the open map the table scrolls sideways: the row comes into view (a smooth scroll), top to bottom.
  await expect(async () => {
    const rowBox = (await pickedRow.boundingBox())!;
    expect(rowBox.y).toBeGreaterThanOrEqual(0);
    expect(rowBox.y + rowBox.height).toBeLessThanOrEqual(768);
  }).toPass();
  expect(await axeViolations(page)).toEqual([]);

  await page.reload();
  await expect(page.getByRole('button', { name: "Map of the day's stops" })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: "Map of the day's stops" }).getByRole('group', { name: /stops?/ })).toBeVisible();
  await page.getByRole('button', { name: "Map of the day's stops" }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: "Map of the day's stops" })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('region', { name: "Map of the day's stops" })).toBeHidden();
  await laptop.close();
});

test('on a 390 px phone the list comes before the map, which opens under it when asked; axe finds nothing', async ({ browser }) => {
  const phone = await browser.newContext(PHONE);
  const page = await phone.newPage();
  await openDashboard(page);
  const table = page.getByRole('region', { name: 'Subscriptions table' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const mapButton = page.getByRole('button', { name: "Map of the day's stops" });
  await expect(mapButton).toHaveAttribute('aria-expanded', 'false');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-390.png') });
  expect(await axeViolations(page)).toEqual([]);
  await mapButton.click();
  const map = page.getByRole('region', { name: "Map of the day's stops" });
  await expect(map.getByRole('group', { name: /stops?/ })).toBeVisible();
  expect((await map.boundingBox())!.y).toBeGreaterThan((await table.boundingBox())!.y + (await table.boundingBox())!.height);
  await map.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-map-390.png') });
  expect(await axeViolations(page)).toEqual([]);
  await phone.close();
});

test('at 1280 px the dashboard fits: full header with the staff links first, every column on screen, no sideways scrolling, a slim footer', async ({
  page,
}) => {
  await signInAsStaff(page, ADMIN_EMAIL);
  await expect(page.getByRole('button', { name: /menu/i })).toBeHidden();
  for (const link of ['Today', 'My Deliveries', 'Forecast', 'Users', 'Figures'])
    await expect(mainNav(page).getByRole('link', { name: link })).toBeVisible();
  // The site's pages are behind the Site menu, closed.
  await expect(mainNav(page).getByRole('link')).toHaveText(['Today', 'My Deliveries', 'Forecast', 'Users', 'Figures']);
  await expect(mainNav(page).getByRole('button', { name: 'Site' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  await expect(footer.getByRole('heading')).toHaveCount(0);
  expect((await footer.boundingBox())!.height).toBeLessThan(80);

  const table = page.getByRole('table');
  await expect(table.getByRole('row')).not.toHaveCount(1);
  const headers = table.getByRole('columnheader');
  // A state every row shares is said once, under its heading.
  await expect(headers).toHaveText(['', ...SPEC_COLUMNS.map((column) => (column === 'State' ? /^State( all [A-Z]{2})?$/ : column))]);
  for (const header of await headers.all()) {
    const box = (await header.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
  }
  const overflow = await page.evaluate(() => {
    const scroller = document.querySelector('.table-scroll')!;
    return { table: scroller.scrollWidth - scroller.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth };
  });
  expect(overflow).toEqual({ table: 0, page: 0 });
});

test('the dashboard finds subscriptions and exports what it shows as CSV', async ({ page }) => {
  await signInAsStaff(page, ADMIN_EMAIL);
  const names = page.getByRole('table').getByRole('rowheader');
  await expect(names).not.toHaveCount(0);
  const everyone = await names.count();

  await page.getByRole('searchbox', { name: 'Search' }).fill('lopez');
  await expect(names).toHaveText(['Maria Lopez']);
  await expect(page.getByText('Showing 1 of 1 matching subscriptions')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^subscriptions-\d{4}-\d{2}\.csv$/);
  const lines = fs
    .readFileSync((await file.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe([...SPEC_COLUMNS, 'Subscription'].join(','));
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^Maria Lopez,/);

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(names).toHaveCount(everyone);
  await page.getByLabel('Sort by').selectOption({ label: 'Last name' });
  // The name is the cell's first text; a lifecycle note may follow it.
  const sorted = await names.evaluateAll((cells) => cells.map((cell) => cell.firstChild?.textContent ?? ''));
  const lastNames = sorted.map((name) => name.split(' ').at(-1)!);
  expect(lastNames).toEqual([...lastNames].sort());
});

test("an admin moves a month's delivery day; another open dashboard shows it at once; the usual day comes back", async ({ browser }) => {
  const month = addMonths(calendarMonth(), 2);
  const moved = `${month}-20`;
  const [mover, watcher] = await Promise.all([browser.newContext(LAPTOP), browser.newContext(LAPTOP)]);
  const [admin, other] = await Promise.all([mover.newPage(), watcher.newPage()]);
  for (const page of [admin, other]) {
    await signInAsStaff(page, ADMIN_EMAIL);
    await expect(page.getByRole('status').filter({ hasText: 'Live updates on' })).toBeVisible();
    await showMonth(page, month);
    await expect(page.getByText(`Delivery day: ${formatDeliveryDate(defaultDeliveryDate(month))}`)).toBeVisible();
  }

  await admin.getByRole('button', { name: 'Change day' }).click();
  await admin.getByLabel('New delivery day').fill(moved);
  await admin.getByRole('button', { name: 'Save day' }).click();
  await expect(admin.getByText(`Deliveries now go out on ${formatDeliveryDate(moved)}.`)).toBeVisible();
  await expect(other.getByText(`Delivery day: ${formatDeliveryDate(moved)}`)).toBeVisible(LIVE);
  await expect(other.getByText('(moved by an admin)')).toBeVisible();

  await admin.getByRole('button', { name: 'Close' }).click();
  await admin.getByRole('button', { name: 'Change day' }).click();
  await admin.getByRole('button', { name: 'Use the usual day' }).click();
  await expect(other.getByText(`Delivery day: ${formatDeliveryDate(defaultDeliveryDate(month))}`)).toBeVisible(LIVE);
  await mover.close();
  await watcher.close();
});

test('a declined charge, then one that goes through, show on an open dashboard at once, marked and filterable', async ({ browser }) => {
  const [staffContext, visitorContext] = await Promise.all([browser.newContext(LAPTOP), browser.newContext()]);
  const [staff, visitor] = await Promise.all([staffContext.newPage(), visitorContext.newPage()]);
  const last = `Lapse${Date.now().toString(36)}`;
  await signInAsStaff(staff, ADMIN_EMAIL);
  await expect(staff.getByRole('status').filter({ hasText: 'Live updates on' })).toBeVisible();

  await visitor.goto('/subscribe');
  await waitForHydration(visitor);
  const fields: [string, string][] = [
    ['First name', 'Lena'],
    ['Last name', last],
    ['Email', `${last.toLowerCase()}@example.com`],
    ['Phone', '801-555-0144'],
    ['Street address', '9 Elm St'],
    ['ZIP code', '84101'],
  ];
  for (const [label, value] of fields) {
    // Exactly: the hidden gift fields have labels of their own that contain these words.
    await visitor.getByLabel(label, { exact: true }).fill(value);
  }
  await visitor.getByRole('button', { name: /^Subscribe for \$99\/month/ }).click();
  await expect(visitor).toHaveURL(/\/checkout\/test\//);
  const checkout = visitor.url();
  await visitor.getByRole('button', { name: 'Pay $99.00' }).click();
  await expect(visitor.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
  const name = staff.getByRole('rowheader', { name: new RegExp(last) });
  await expect(name).toBeVisible();

  await visitor.goto(checkout);
  await visitor.getByRole('button', { name: 'Charge the next delivery now: the card is declined' }).click();
  await expect(visitor.getByText(/The subscription is now: Past due from/)).toBeVisible();
  await expect(name).toContainText(/Past due from \w+ \d{4}/, LIVE);

  await staff.getByLabel('Subscription', { exact: true }).selectOption('Past due');
  await expect(staff.getByRole('rowheader')).toContainText([new RegExp(last)]);
  await staff.getByLabel('Subscription', { exact: true }).selectOption('Any');

  await visitor.getByRole('button', { name: 'Charge the next delivery now: the payment goes through' }).click();
  await expect(visitor.getByText('The subscription is now: Active')).toBeVisible();
  await expect(name).not.toContainText('Past due', LIVE);
  await staffContext.close();
  await visitorContext.close();
});
