import path from 'node:path';
import { studioToday, expect, test } from '../support/test';
import { addDays, type MonthDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { monthDay } from '@blooms/shared/contract/deliveries';
import { addMonths, formatMonth } from '@blooms/shared/contract/months';
import { moveClock } from '../support/test-clock';
import { subscribeByApi } from '../support/account';
import { ADMIN_EMAIL, idTokenFor, signInAsStaff } from '../support/session';
import { rowOf, showMonth } from '../support/staff';
import { LAPTOP, PHONE } from '../support/devices';

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');

test('staff screens open on the delivery day that is today or next, around a delivery day, at 1280 px and on a phone', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const laptop = await browser.newContext(LAPTOP);
  const page = await laptop.newPage();
  await signInAsStaff(page, ADMIN_EMAIL);
  const headers = { Authorization: `Bearer ${await idTokenFor(ADMIN_EMAIL)}` };
  const today = studioToday();
  const thisMonth = today.slice(0, 7);
  const days = (await (
    await request.get(`/api/delivery-dates?from=${thisMonth}&to=${addMonths(thisMonth, 2)}`, { headers })
  ).json()) as MonthDeliveryDate[];
  // Where the work is today: this month until its day has passed, then the next.
  const [work, next] = days[0]!.date >= today ? [days[0]!, days[1]!] : [days[1]!, days[2]!];
  const heading = page.locator('.month-navigator__label');
  await expect(heading).toHaveText(formatMonth(work.month));

  try {
    // On the delivery day itself the screen still opens on it.
    await moveClock(request, headers, work.date);
    await page.reload();
    await expect(heading).toHaveText(formatMonth(work.month));
    await expect(page.getByText(/ is done: /)).toHaveCount(0);
    // Someone subscribes that day: their first delivery is the next month's.
    const email = `late-${Date.now()}@example.com`;
    await subscribeByApi(request, email, 'all', 'Lark');

    // The day after, it moves on and says how the day ended.
    await moveClock(request, headers, addDays(work.date, 1));
    await page.reload();
    await expect(heading).toHaveText(formatMonth(next.month));
    await expect(page.getByRole('status').filter({ hasText: ' is done: ' })).toHaveText(
      new RegExp(`^${monthDay(work.date)} is done: \\d+ delivered, \\d+ not delivered\\. Showing ${monthDay(next.date)}\\.$`),
    );
    await page.getByRole('searchbox', { name: 'Search' }).fill(email);
    await expect(rowOf(page, 'Lark Account')).toContainText('Yes');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'start-month-1280.png') });

    // The navigator still goes back; there the new subscriber's row says when their first delivery is.
    await showMonth(page, work.month);
    await expect(rowOf(page, 'Lark Account')).toContainText(`No (first delivery ${monthDay(next.date)})`);
    await expect(page.getByText(/ is done: /)).toHaveCount(0);

    // A driver's phone opens My Deliveries on the same day.
    const phone = await browser.newContext(PHONE);
    const driver = await phone.newPage();
    await signInAsStaff(driver, ADMIN_EMAIL);
    await driver.goto('/my-deliveries');
    await expect(driver.locator('.month-navigator__label')).toHaveText(formatMonth(next.month));
    await expect(driver.getByText(`${monthDay(work.date)} is done:`, { exact: false })).toBeVisible();
    await driver.screenshot({ path: path.join(SCREENSHOTS, 'start-month-390.png') });
    await phone.close();
  } finally {
    await moveClock(request, headers, null);
    await laptop.close();
  }
});
