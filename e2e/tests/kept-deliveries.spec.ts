import { type Locator, type Page, type Route } from '@playwright/test';
import { expect, test } from '../support/test';
import { mainNav, signInAsStaff } from '../support/session';
import { addStaffMember, assignTwoStops, keptPaths } from '../support/staff';
import { LAPTOP, PHONE } from '../support/devices';
import { expectNoAxeViolations } from '../support/axe';

/** Holds /api/me (the session's confirmation) until `release` is called; the service worker's fetch of it too. */
async function holdSessionCheck(page: Page) {
  const held: Route[] = [];
  let holding = true;
  const handler = (route: Route) => (holding ? void held.push(route) : void route.continue());
  await page.context().route('**/api/me', handler);
  return {
    held: () => held.length,
    release: async () => {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
      await page.context().unroute('**/api/me', handler);
    },
  };
}

/** Where an element starts on the page (not on the screen, which scrolls). */
const topOf = (locator: Locator) => locator.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);

const widthOf = (locator: Locator) => locator.evaluate((element) => element.getBoundingClientRect().width);

/** The page's requests for the opening (not counting its service worker's fetch of each). */
function openingRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/my-deliveries/start') seen.push(request.url());
  });
  return seen;
}

test('a reopened My Deliveries draws the kept stops, marked as updating and read-only, and asks for the live ones, before the sign-in is back; never after sign-out', async ({
  browser,
}, testInfo) => {
  const laptop = await browser.newContext(LAPTOP);
  const phone = await browser.newContext(PHONE);
  const admin = await laptop.newPage();
  const driver = await phone.newPage();
  const driverEmail = `kit-${Date.now()}@blooms.example`;
  await addStaffMember(admin, 'Kit Keeper', driverEmail);
  const names = await assignTwoStops(admin, driverEmail);

  // First visit: the live list, which the device keeps.
  await signInAsStaff(driver, driverEmail, 'my-deliveries');
  const cards = driver.getByRole('list', { name: /in route order/ }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  // Opened on /my-deliveries itself, the screen's service worker is ready (the sign-in began on /login, out of its scope).
  await driver.goto('/my-deliveries');
  await expect(driver.getByRole('heading', { level: 1, name: "Kit's Deliveries" })).toBeVisible();
  await driver.evaluate(() => navigator.serviceWorker.ready);

  // Reopened with the session's check held: the kept stops at once, marked, nothing to press; the
  // opening is asked for alongside the check, not after it.
  const check = await holdSessionCheck(driver);
  const opening = openingRequests(driver);
  await driver.reload();
  const updating = driver.getByRole('status').filter({ hasText: 'Updating… showing the list kept on this device' });
  await expect(updating).toBeVisible();
  await expect(cards).toHaveCount(2);
  for (const name of names) await expect(cards.filter({ hasText: name })).toBeVisible();
  await expect(driver.getByRole('button', { name: /^(Out for delivery to|Move) / }).first()).toBeDisabled();
  // Details opens (reading is allowed); every other button waits.
  for (const button of await cards.getByRole('button').all())
    if ((await button.getAttribute('aria-expanded')) === null) await expect(button).toBeDisabled();
    else await expect(button).toBeEnabled();
  await expect.poll(check.held).toBeGreaterThan(0);
  await expect.poll(() => opening.length).toBe(1);
  await expect(updating).toBeVisible();
  // Laid out as the live list, with the name kept at sign-in: nothing moves when that comes.
  await expect(driver.getByRole('heading', { level: 1, name: "Kit's Deliveries" })).toBeVisible();
  await expect(driver.getByRole('button', { name: 'Start my route' })).toBeDisabled();
  const keptTop = await topOf(cards.first());
  const indicator = driver.locator('.staff-page__header [role="status"]');
  const keptIndicatorWidth = await widthOf(indicator);
  await driver.screenshot({ path: testInfo.outputPath('kept-390.png'), fullPage: true });
  await expectNoAxeViolations(driver);

  // The session confirmed: the live list replaces it, in its place, and its buttons work.
  await check.release();
  await expect(updating).toHaveCount(0);
  await expect(cards.first().getByRole('button', { name: /^Out for delivery to / })).toBeEnabled();
  await expect(driver.getByRole('button', { name: 'Start my route' })).toBeEnabled();
  expect(Math.abs((await topOf(cards.first())) - keptTop)).toBeLessThanOrEqual(1);
  // Its status is as wide as the kept one's: the heading beside it wraps the same in every state.
  await expect(indicator).toHaveText('Live updates on');
  expect(await widthOf(indicator)).toBeCloseTo(keptIndicatorWidth, 0);
  expect(opening).toHaveLength(1);
  await driver.screenshot({ path: testInfo.outputPath('live-390.png'), fullPage: true });

  // On a wide screen, the same kept list as a table.
  await driver.setViewportSize({ width: 1280, height: 800 });
  const wide = await holdSessionCheck(driver);
  await driver.reload();
  await expect(updating).toBeVisible();
  await expect(driver.getByRole('table')).toContainText(names[0]!);
  await expect(driver.getByRole('table').getByRole('button', { name: /Out For Delivery/ })).toHaveCount(0);
  // The header offers no sales button to a driver while the sign-in is checked.
  await expect(mainNav(driver).getByRole('link', { name: 'Get Started' })).toHaveCount(0);
  const keptTableTop = await topOf(driver.getByRole('table'));
  await driver.screenshot({ path: testInfo.outputPath('kept-1280.png') });
  await wide.release();
  await expect(updating).toHaveCount(0);
  await expect(driver.getByRole('button', { name: 'Print route sheet' })).toBeEnabled();
  expect(Math.abs((await topOf(driver.getByRole('table'))) - keptTableTop)).toBeLessThanOrEqual(1);
  await driver.screenshot({ path: testInfo.outputPath('live-1280.png') });
  await driver.setViewportSize({ width: 390, height: 844 });

  // Signed out: nothing is kept, and reopening shows no list, only the way to sign in.
  await driver.getByRole('button', { name: 'Open menu' }).click();
  await mainNav(driver).getByRole('button', { name: 'Sign out' }).click();
  await expect(driver).toHaveURL(/\/login$/);
  await driver.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('.stop-card, .live-indicator--updating')) (window as { keptShown?: boolean }).keptShown = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await driver.goto('/my-deliveries');
  await expect(driver).toHaveURL(/\/login$/);
  await expect(driver.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  expect(await driver.evaluate(() => (window as { keptShown?: boolean }).keptShown ?? false)).toBe(false);
  // The worker keeps the site's files again as the page loads them, but no answer of the API.
  expect((await keptPaths(driver)).filter((path) => path.startsWith('/api/'))).toEqual([]);

  await laptop.close();
  await phone.close();
});
