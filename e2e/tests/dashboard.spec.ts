import fs from 'node:fs';
import { calendarMonth, expect, test } from '../support/test';
import { ADMIN_EMAIL, mainNav, signInAsStaff } from '../support/session';
import { addMonths } from '@blooms/shared/contract/months';
import { defaultDeliveryDate, formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { waitForHydration } from '../support/hydration';
import { LIVE } from '../support/live';
import { showMonth } from '../support/staff';
import { LAPTOP } from '../support/devices';

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
  await expect(headers).toHaveText(['', ...SPEC_COLUMNS]);
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
