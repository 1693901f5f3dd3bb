import path from 'node:path';
import { expectNoAxeViolations } from '../support/axe';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addMonths, formatMonth } from '@blooms/shared/contract/months';
import { expect, test } from '../support/test';
import { moveClock, workAndNext } from '../support/test-clock';
import { subscribeByApi } from '../support/account';
import { ADMIN_EMAIL, idTokenFor, signInAsStaff } from '../support/session';
import { addStaffMember, rowOf } from '../support/staff';
import { PHONE } from '../support/devices';

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');
const LAPTOP_1366 = { viewport: { width: 1366, height: 768 } };

interface ListedRow {
  id: string;
  firstName: string;
  lastName: string;
  delivery: { scheduled: boolean; assignedTo: string | null };
}

/** Assigns to the driver, in `month`, two stops nobody has that deliver in each of the `later` months too; their names. */
async function assignTwoLasting(
  request: APIRequestContext,
  headers: Record<string, string>,
  driver: string,
  month: string,
  later: string[],
) {
  const rows = async (m: string) =>
    ((await (await request.get(`/api/subscriptions?month=${m}&limit=200`, { headers })).json()) as { rows: ListedRow[] }).rows;
  const scheduledIn = async (m: string) => new Set((await rows(m)).filter((row) => row.delivery.scheduled).map((row) => row.id));
  const delivering = await Promise.all(later.map(scheduledIn));
  const listed = await rows(month);
  const nameOf = (row: ListedRow) => `${row.firstName} ${row.lastName}`;
  // Found by name later: not one whose name starts another's (journeys leave "Nora Newer…a" and "…ab" behind).
  const alone = (row: ListedRow) => listed.filter((other) => nameOf(other).startsWith(nameOf(row))).length === 1;
  const two = listed
    .filter((row) => row.delivery.scheduled && !row.delivery.assignedTo && delivering.every((ids) => ids.has(row.id)) && alone(row))
    .slice(0, 2);
  expect(two).toHaveLength(2);
  const assigned = await request.post('/api/deliveries/assign', {
    headers,
    data: { month, subscriptionIds: two.map((row) => row.id), assigneeEmail: driver },
  });
  expect(assigned.ok()).toBe(true);
  return two.map(nameOf);
}

/** The subscription's row on the dashboard, found by searching for it. */
async function searchRow(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  return rowOf(page, name);
}

/** The Assigned cell of a stop's row. */
const assignedCell = (row: Locator) => row.locator('td[data-label="Assigned"]');

test('a new month starts with last month’s driver, marked “as last month”, and a new subscriber’s stop by territory; Keep all clears the marks, and the month after Clear all unassigns them, at 1366 px and on a phone', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const laptop = await browser.newContext(LAPTOP_1366);
  const page = await laptop.newPage();
  const driverEmail = `rosa-${Date.now()}@example.com`;
  await addStaffMember(page, 'Rosa Carry', driverEmail);
  const headers = { Authorization: `Bearer ${await idTokenFor(ADMIN_EMAIL)}` };
  // Two months to come, so no journey before this one has started the second of them yet.
  const [, next] = await workAndNext(request, headers);
  const [thisMonth, newMonth, monthAfter] = [next.month, addMonths(next.month, 1), addMonths(next.month, 2)];

  try {
    // The clock moves into a month; staff assign two of its stops to Rosa.
    await moveClock(request, headers, `${thisMonth}-01`);
    await page.goto('/dashboard');
    await expect(page.locator('.month-navigator__label')).toHaveText(formatMonth(thisMonth));
    const carried = await assignTwoLasting(request, headers, driverEmail, thisMonth, [newMonth, monthAfter]);
    // A new subscriber in Provo: nobody has their stop this month.
    await subscribeByApi(request, `terra-${Date.now()}@example.com`, 'all', 'Terra', 'Carry');

    // Rosa's territory is Provo's 84601, set on the dashboard; an unknown ZIP is refused first.
    await page.getByText('Territories', { exact: true }).click();
    const territories = page.locator('.territories');
    await territories.getByLabel('Driver').selectOption({ label: 'Rosa' });
    await territories.getByLabel('ZIP codes').fill('84601, 99999');
    await territories.getByRole('button', { name: 'Save territory' }).click();
    await expect(territories.getByRole('alert')).toHaveText('99999 is not a ZIP code we deliver to. Nothing was saved.');
    await territories.getByLabel('ZIP codes').fill('84601');
    await territories.getByRole('button', { name: 'Save territory' }).click();
    await expect(territories.getByRole('status')).toHaveText('Territory saved.');
    await expect(territories.getByRole('listitem').filter({ hasText: 'Rosa' })).toHaveText('Rosa: 84601');

    // The clock moves into the next month: the dashboard opens on it with Rosa's stops carried over.
    await moveClock(request, headers, `${newMonth}-01`);
    await page.reload();
    await expect(page.locator('.month-navigator__label')).toHaveText(formatMonth(newMonth));
    for (const name of carried) {
      const row = await searchRow(page, name);
      await expect(row).toContainText('Rosa');
      await expect(row.locator('.auto-assigned-tag')).toHaveText('as last month');
    }
    const terra = await searchRow(page, 'Terra Carry');
    await expect(terra).toContainText('Rosa');
    await expect(terra.locator('.auto-assigned-tag')).toHaveText('by territory');
    await expect(page.getByText(/\d+ stops? assigned as last month or by territory\./)).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'carry-over-1366.png') });
    // The searched list may be drawn again as the search's answer lands: scroll to the row as it is then.
    await expect(() => terra.scrollIntoViewIfNeeded({ timeout: 1000 })).toPass();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'carry-over-row-1366.png') });
    await expectNoAxeViolations(page);

    // Rosa's phone lists them in My Deliveries.
    const phone = await browser.newContext(PHONE);
    const driver = await phone.newPage();
    await signInAsStaff(driver, driverEmail, 'my-deliveries');
    await expect(driver.locator('.month-navigator__label')).toHaveText(formatMonth(newMonth));
    const cards = driver.getByRole('list', { name: /in route order/ }).getByRole('listitem');
    for (const name of [...carried, 'Terra Carry']) await expect(cards.filter({ hasText: name })).toBeVisible();
    await driver.screenshot({ path: path.join(SCREENSHOTS, 'carry-over-390.png'), fullPage: true });
    await expectNoAxeViolations(driver);
    // The dashboard on the phone offers the same one press.
    await driver.goto('/dashboard');
    await expect(driver.getByRole('button', { name: 'Keep all' })).toBeVisible();
    const terraOnPhone = await searchRow(driver, 'Terra Carry');
    await expect(terraOnPhone.locator('.auto-assigned-tag')).toHaveText('by territory');
    await expect(driver.getByRole('table').getByRole('rowheader')).toHaveCount(1);
    await terraOnPhone.scrollIntoViewIfNeeded();
    await driver.screenshot({ path: path.join(SCREENSHOTS, 'carry-over-dashboard-390.png') });
    await driver.getByRole('button', { name: 'Keep all' }).scrollIntoViewIfNeeded();
    await driver.screenshot({ path: path.join(SCREENSHOTS, 'carry-over-bar-390.png') });
    await expectNoAxeViolations(driver);
    await phone.close();

    // One press keeps them all: the marks go, Rosa stays.
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByRole('button', { name: 'Keep all' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Kept \d+ stops? as assigned\.$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Keep all' })).toHaveCount(0);
    const kept = await searchRow(page, carried[0]!);
    await expect(kept).toContainText('Rosa');
    await expect(kept.locator('.auto-assigned-tag')).toHaveCount(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'carry-over-kept-1366.png') });

    // The month after, the kept stops carry over again as last month; on a phone one press clears them all.
    const everyStop = [...carried, 'Terra Carry'];
    await moveClock(request, headers, `${monthAfter}-01`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.reload();
    await expect(page.locator('.month-navigator__label')).toHaveText(formatMonth(monthAfter));
    for (const name of everyStop) await expect((await searchRow(page, name)).locator('.auto-assigned-tag')).toHaveText('as last month');
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.setViewportSize(PHONE.viewport);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Cleared \d+ stops?: unassigned again\.$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear all' })).toHaveCount(0);
    const cleared = await searchRow(page, carried[0]!);
    await expect(assignedCell(cleared)).toHaveText('Unassigned');
    await expect(page.getByRole('table').getByRole('rowheader')).toHaveCount(1);
    await expect(() => cleared.scrollIntoViewIfNeeded({ timeout: 1000 })).toPass();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'carry-over-cleared-390.png') });
    // From the top: scrolled, the day's Change day button sits half under the sticky header, which axe counts as too small a target.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page);
    // Reloaded, at 1366 px, they stay unassigned and unmarked.
    await page.setViewportSize(LAPTOP_1366.viewport);
    await page.reload();
    for (const name of everyStop) {
      const row = await searchRow(page, name);
      await expect(assignedCell(row)).toHaveText('Unassigned');
    }
    await expect(page.getByRole('button', { name: 'Keep all' })).toHaveCount(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'carry-over-cleared-1366.png') });
    await expectNoAxeViolations(page);

    // Rosa's My Deliveries lists none of them, reloaded too.
    const phoneAfter = await browser.newContext(PHONE);
    const driverAfter = await phoneAfter.newPage();
    await signInAsStaff(driverAfter, driverEmail, 'my-deliveries');
    await expect(driverAfter.locator('.month-navigator__label')).toHaveText(formatMonth(monthAfter));
    const noneAssigned = driverAfter.getByText(`No deliveries are assigned to you in ${formatMonth(monthAfter)}.`);
    await expect(noneAssigned).toBeVisible();
    await driverAfter.reload();
    await expect(noneAssigned).toBeVisible();
    await driverAfter.screenshot({ path: path.join(SCREENSHOTS, 'carry-over-cleared-my-deliveries-390.png') });
    await expectNoAxeViolations(driverAfter);
    await phoneAfter.close();
  } finally {
    await moveClock(request, headers, null);
    await request.put('/api/territories', { headers, data: { driver: driverEmail, zips: [] } });
    await laptop.close();
  }
});
