import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Page } from '@playwright/test';
import { calendarMonth, expect, test } from '../support/test';
import {
  BUSINESS_FIGURES_MESSAGES,
  CARD_LINK_MESSAGES,
  defaultFiguresRange,
  FIGURE_DEFINITIONS,
  MAX_FIGURES_MONTHS,
  type BusinessFigures,
} from '@blooms/shared/contract/business-figures';
import { addMonths, formatMonth as monthName } from '@blooms/shared/contract/months';
import { ADMIN_EMAIL, idTokenFor, mainNav, signInAsStaff } from '../support/session';
import { addStaffMember } from '../support/staff';
import { mailsTo } from '../support/outbox';
import { subscribeByApi } from '../support/account';
import { LAPTOP } from '../support/devices';
import { axeViolations } from '../support/axe';

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');
const count = (n: number) => n.toLocaleString('en-US');
const dollars = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** Olive subscribes on the test checkout and her next charge is declined: a payment to chase. */
async function aPastDueSubscription(request: APIRequestContext, email: string, last: string) {
  const sessionId = await subscribeByApi(request, email, 'all', 'Olive', last);
  expect((await request.post(`/checkout/test/${sessionId}/billing/fail`, { form: {}, maxRedirects: 0 })).status()).toBe(303);
}

/** Page errors, console errors and Content-Security-Policy violations, as they happen. */
async function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP: ${event.violatedDirective} ${event.blockedURI}`)),
  );
  return errors;
}

/** Each chart's canvas has something drawn on it. */
async function chartsDrawn(page: Page) {
  return page.locator('canvas').evaluateAll((canvases) =>
    canvases.map((canvas) => {
      const c = canvas as HTMLCanvasElement;
      const pixels = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      return c.width > 0 && pixels.some((value, i) => i % 4 === 3 && value > 0);
    }),
  );
}

/** Downloads a part's CSV: the file's name and its lines. */
async function downloadCsv(page: Page, caption: string | RegExp) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: typeof caption === 'string' ? `Download CSV: ${caption}` : caption }).click();
  const file = await download;
  return { name: file.suggestedFilename(), lines: fs.readFileSync((await file.path())!, 'utf8').split('\r\n') };
}

/**
 * The figures once they count every change made so far: right after a change the server answers
 * with the figures it kept (refreshing) while it reads newer ones, so ask until it has them.
 */
async function upToDateFigures(request: APIRequestContext, headers: Record<string, string>): Promise<BusinessFigures> {
  let figures: BusinessFigures | null = null;
  await expect(async () => {
    const answer = await request.get('/api/business-figures', { headers });
    expect(answer.status()).toBe(200);
    figures = (await answer.json()) as BusinessFigures;
    expect(figures.refreshing).toBe(false);
  }).toPass({ timeout: 30_000 });
  return figures!;
}

test('an admin reads the business figures on a laptop and on a phone: numbers, tables, charts, CSV files, chasing a payment', async ({
  page,
  request,
  browser,
}) => {
  const last = `Owing${Date.now().toString(36)}`;
  const email = `${last.toLowerCase()}@example.com`;
  await aPastDueSubscription(request, email, last);
  const admin = { Authorization: `Bearer ${await idTokenFor(ADMIN_EMAIL)}` };
  const figures = await upToDateFigures(request, admin);
  expect({ from: figures.from, to: figures.to }).toEqual(defaultFiguresRange(calendarMonth()));
  const range = `${figures.from}-to-${figures.to}`;
  const thisMonth = figures.subscribers.find((month) => month.month === calendarMonth())!;
  expect(thisMonth.new).toBeGreaterThan(0);

  const errors = await watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsStaff(page, ADMIN_EMAIL);
  await mainNav(page).getByRole('link', { name: 'Figures' }).click();
  await expect(page).toHaveURL(/\/figures$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Business figures');
  await expect(page.getByLabel('From month')).toHaveValue(figures.from);
  await expect(page.getByLabel('To month')).toHaveValue(figures.to);
  // Nothing changed since the figures above were read: the page shows those, up to date.
  await expect(page.getByText(/^Figures as of ([A-Z][a-z]{2} \d{1,2}, \d{4}, )?\d{1,2}:\d{2}\s[AP]M\.$/)).toBeVisible();

  // Subscribers: every month of the range, this month's numbers as the server counts them.
  const subscribers = page.getByRole('table', { name: 'Subscribers by month' });
  await expect(subscribers.getByRole('rowheader')).toHaveCount(figures.subscribers.length);
  const thisMonthRow = subscribers.getByRole('row').nth(figures.subscribers.indexOf(thisMonth) + 1);
  await expect(thisMonthRow.getByRole('cell')).toHaveText([
    count(thisMonth.active),
    count(thisMonth.yearly),
    count(thisMonth.custom),
    count(thisMonth.gifts),
    count(thisMonth.paused),
    count(thisMonth.held),
    count(thisMonth.new),
    count(thisMonth.cancelled),
    /%$|^–$/,
    count(thisMonth.netGrowth),
  ]);
  await expect(page.getByRole('table', { name: 'Why people leave: reasons given in the range' }).getByRole('rowheader')).toHaveCount(
    figures.leaving.reasons.length + 1,
  );
  const retention = page.getByRole('table', { name: /^Retention/ });
  await expect(retention.getByRole('columnheader')).toHaveCount(14);
  await expect(retention.getByRole('rowheader')).toHaveCount(figures.retention.length);
  await expect(page.getByRole('table', { name: 'Deliveries by delivery day' }).getByRole('rowheader')).toHaveCount(
    figures.deliveries.length,
  );

  // Money, as the ledger has it.
  const money = page.getByRole('table', { name: 'Money by month (US dollars)' });
  await expect(money.getByRole('rowheader')).toHaveCount(figures.money.months.length);
  const thisMonthMoney = figures.money.months.find((month) => month.month === calendarMonth())!;
  await expect(
    money
      .getByRole('row')
      .nth(figures.money.months.indexOf(thisMonthMoney) + 1)
      .getByRole('cell')
      .first(),
  ).toHaveText(dollars(thisMonthMoney.chargedCents));
  const perMonth = figures.headline!.revenuePerSubscriberMonthCents;
  await expect(page.locator('dt', { hasText: 'Revenue per subscriber per month (ARPU)' }).locator('+ dd')).toHaveText(
    perMonth === null ? 'No subscribers in the last 12 months' : dollars(perMonth),
  );

  // Four charts, drawn under the site's Content-Security-Policy.
  await expect(page.getByRole('img', { name: /^Chart: / })).toHaveCount(4);
  await expect.poll(() => chartsDrawn(page)).toEqual([true, true, true, true]);

  // Each part's CSV: named by the range, with the table's header row.
  const csvs = [
    [
      'Subscribers by month',
      `subscribers-${range}.csv`,
      'Month,Active,Yearly,Custom,Gifts,Paused,Held (payment),New,Cancelled,Churn rate (%),Net growth',
    ],
    ['Money by month (US dollars)', `money-${range}.csv`, 'Month,Charged ($),Refunded ($),Net ($),Expected ($),Difference ($)'],
    ['Payments to chase, longest owing first', 'payments-to-chase.csv', 'Name,Email,Status,Since,Owed ($),Tries,Last e-mail'],
    [
      'Why people leave: reasons given in the range',
      `why-people-leave-${range}.csv`,
      'Reason,Cancelled,Skipped a month instead,Paused instead',
    ],
    [/^Download CSV: Retention/, `retention-${range}.csv`, /^First delivery,Subscriptions,1 mo \(%\),2 mo \(%\),.*,12 mo \(%\)$/],
    [
      'Deliveries by delivery day',
      `deliveries-${range}.csv`,
      'Delivery day,Planned,On the day,Later,Not delivered,Left at the door with a photo,Could not deliver (attempts)',
    ],
  ] as const;
  for (const [caption, name, header] of csvs) {
    const file = await downloadCsv(page, caption);
    expect(file.name).toBe(name);
    expect(file.lines[0]).toMatch(typeof header === 'string' ? new RegExp(`^${header.replace(/[()$]/g, '\\$&')}$`) : header);
  }
  // The CSV holds the numbers as numbers: the month as YYYY-MM, the churn rate in percent.
  const churn = thisMonth.churnRate === null ? '' : String(Math.round(thisMonth.churnRate * 1000) / 10);
  const { active, yearly, custom, gifts, paused, held, cancelled, netGrowth } = thisMonth;
  expect((await downloadCsv(page, 'Subscribers by month')).lines).toContain(
    [thisMonth.month, active, yearly, custom, gifts, paused, held, thisMonth.new, cancelled, churn, netGrowth].join(','),
  );

  // Payments to chase: Olive, and the card-update link sent again. A second admin's page, opened
  // before that, is refused when it tries too: the server allows one a day.
  const chase = page.getByRole('table', { name: 'Payments to chase, longest owing first' });
  const olive = chase.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `Olive ${last}` }) });
  await expect(olive).toContainText(email);
  await expect(olive).toContainText('Past due');
  const otherContext = await browser.newContext(LAPTOP);
  const other = await otherContext.newPage();
  await signInAsStaff(other, ADMIN_EMAIL);
  await other.goto('/figures#payments-to-chase-heading');
  const otherSend = other.getByRole('button', { name: `Send the card-update link again to Olive ${last}` });
  await expect(otherSend).toBeEnabled();

  await olive.getByRole('button', { name: `Send the card-update link again to Olive ${last}` }).click();
  await expect(olive.getByRole('status')).toHaveText(CARD_LINK_MESSAGES.sent);
  await expect(olive.getByRole('button', { name: `Send the card-update link again to Olive ${last}` })).toBeDisabled();
  await expect(olive).toContainText(/Can be sent again from/);
  await expect.poll(() => mailsTo(email).length).toBeGreaterThan(1);

  await otherSend.click();
  await expect(other.getByRole('alert')).toHaveText(CARD_LINK_MESSAGES.tooSoon);
  await otherContext.close();

  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'figures-1280.png'), fullPage: true });

  // On a phone: nothing wider than the screen; wide tables scroll inside their own box.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(subscribers).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  const box = page.getByRole('region', { name: 'Subscribers by month' });
  expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await expect.poll(() => chartsDrawn(page)).toEqual([true, true, true, true]);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'figures-390.png'), fullPage: true });

  expect(errors).toEqual([]);
});

test('opened right after a change, the page shows figures that count it within a second or two, and Refresh asks again', async ({
  page,
  request,
}) => {
  const admin = { Authorization: `Bearer ${await idTokenFor(ADMIN_EMAIL)}` };
  const before = await upToDateFigures(request, admin);
  const newInRange = (figures: BusinessFigures) => figures.subscribers.reduce((n, month) => n + month.new, 0);
  const last = `Newer${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsStaff(page, ADMIN_EMAIL);
  // Neither name starts the other: journeys after this one find stops by name on the same stack.
  await subscribeByApi(request, `${last.toLowerCase()}@example.com`, 'all', 'Nora', `${last}a`);

  const asOf = page.getByText(/^Figures as of/);
  const newShown = page.locator('.figures-part__summary div', { hasText: 'New in the range' }).locator('dd');
  const opened = Date.now();
  await page.goto('/figures');
  // The server waits a moment for the newer figures, and the page asks again a second later while they are read.
  await expect(newShown).toHaveText(count(newInRange(before) + 1), { timeout: 3_000 });
  const freshAfterMs = Date.now() - opened;
  test.info().annotations.push({ type: 'fresh figures after opening (ms)', description: String(freshAfterMs) });
  await expect(asOf).toHaveText(/^Figures as of ([A-Z][a-z]{2} \d{1,2}, \d{4}, )?\d{1,2}:\d{2}\s[AP]M\.$/);

  // Refresh after another change: the newer figures within a second or two.
  await subscribeByApi(request, `${last.toLowerCase()}.2@example.com`, 'all', 'Nora', `${last}b`);
  const pressed = Date.now();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(newShown).toHaveText(count(newInRange(before) + 2), { timeout: 3_000 });
  test.info().annotations.push({ type: 'fresh figures after Refresh (ms)', description: String(Date.now() - pressed) });
});

test('the headline: this month against last month at the top, each figure’s definition a tap or a key away, on a laptop and a phone', async ({
  page,
  request,
}) => {
  const admin = { Authorization: `Bearer ${await idTokenFor(ADMIN_EMAIL)}` };
  const { headline } = await upToDateFigures(request, admin);
  const { thisMonth, lastMonth } = headline!;
  const share = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 1000) / 10}%`);
  const signed = (n: number) => (n > 0 ? `+${count(n)}` : count(n));
  const errors = await watchErrors(page);
  await signInAsStaff(page, ADMIN_EMAIL);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto('/figures');
    const tiles = page.getByRole('region', { name: /^This month: / });
    await expect(tiles.getByRole('heading', { level: 2 })).toHaveText(`This month: ${monthName(thisMonth.month)}`);
    const tile = (name: string) => tiles.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
    await expect(tile('Active subscribers').locator('.figures-tile__value')).toHaveText(count(thisMonth.active));
    await expect(tile('Active subscribers')).toContainText(`${monthName(lastMonth.month).split(' ')[0]}: ${count(lastMonth.active)}`);
    await expect(tile('Monthly recurring revenue').locator('.figures-tile__value')).toHaveText(dollars(thisMonth.recurringRevenueCents));
    await expect(tile('Monthly recurring revenue')).toContainText(
      `Charged this month, less refunds: ${dollars(thisMonth.netChargedCents)}`,
    );
    await expect(tile('Churn').locator('.figures-tile__value')).toHaveText(share(thisMonth.churnRate));
    await expect(tile('Net growth').locator('.figures-tile__value')).toHaveText(signed(thisMonth.netGrowth));
    // The demo's months have their ledger: this month's recurring revenue is not all unpaid, last month's was charged.
    expect(lastMonth.netChargedCents).toBeGreaterThan(0);
    // The tiles come first on the page, above the range and its parts.
    const top = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!.y;
    expect(await top(tiles)).toBeLessThan(await top(page.getByLabel('From month')));

    // The definition of churn, opened from the keyboard, and closed with Escape.
    const toggle = tile('Churn').getByRole('button', { name: 'How it’s counted: Churn' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(tile('Churn').getByText(FIGURE_DEFINITIONS.churn)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, `figures-headline-${width}.png`) });
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    // A tap opens it too.
    await tile('Active subscribers').getByRole('button', { name: 'How it’s counted: Active subscribers' }).click();
    await expect(tile('Active subscribers').getByText(FIGURE_DEFINITIONS.active)).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test('a range the server refuses is shown with its reason', async ({ page }) => {
  await signInAsStaff(page, ADMIN_EMAIL);
  const month = calendarMonth();
  await page.goto(`/figures?from=${addMonths(month, 1)}&to=${month}`);
  await expect(page.getByRole('alert')).toHaveText(BUSINESS_FIGURES_MESSAGES.order);
  await expect(page.getByLabel('From month')).toHaveValue(addMonths(month, 1));

  await page.getByLabel('From month').fill(addMonths(month, -MAX_FIGURES_MONTHS));
  await page.getByRole('button', { name: 'Show figures' }).click();
  await expect(page.getByRole('alert')).toHaveText(BUSINESS_FIGURES_MESSAGES.tooLong);
  await expect(page).toHaveURL(new RegExp(`from=${addMonths(month, -MAX_FIGURES_MONTHS)}&to=${month}$`));
});

test('a staff member who is not an admin has no Figures link, is refused the page and its figures', async ({ browser, request }) => {
  const adminContext = await browser.newContext();
  const employeeContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const employee = await employeeContext.newPage();
  const email = `fern-${Date.now()}@blooms.example`;
  await addStaffMember(admin, 'Fern Figures', email);

  await signInAsStaff(employee, email, 'my-deliveries');
  await expect(mainNav(employee).getByRole('link', { name: 'Today' })).toBeVisible();
  await expect(mainNav(employee).getByRole('link', { name: 'Figures' })).toHaveCount(0);
  await employee.goto('/figures');
  await expect(employee).toHaveURL(/\/login$/);
  await expect(employee.getByRole('alert')).toContainText('Only admins can open that page');

  const asEmployee = { Authorization: `Bearer ${await idTokenFor(email)}` };
  expect((await request.get('/api/business-figures', { headers: asEmployee })).status()).toBe(403);
  expect((await request.get('/api/payments-to-chase', { headers: asEmployee })).status()).toBe(403);
  await adminContext.close();
  await employeeContext.close();
});
