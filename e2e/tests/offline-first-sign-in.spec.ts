import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { STAFF_OFFLINE_CACHE } from '@blooms/shared/contract/staff-offline';
import { expect, persistentContext, test } from '../support/test';
import { signInAsStaff, signInLocally } from '../support/session';
import { addStaffMember, assignTwoStops, keptPaths } from '../support/staff';
import { LAPTOP, PHONE } from '../support/devices';
import { expectNoAxeViolations } from '../support/axe';

/** The site's code, styles and fonts this page loaded, and every file of the staff remote, that the offline copy does not hold yet. */
const filesNotKept = (page: Page) =>
  page.evaluate(async (name) => {
    const cache = await caches.open(name);
    const loaded = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => new URL(url).origin === location.origin && /(\.(js|css|woff2)|mf-manifest\.json)$/.test(new URL(url).pathname));
    const remoteList = new URL('/remotes/staff/files.json', location.href);
    const remoteFiles = ((await (await fetch(remoteList)).json()) as string[]).map((file) => new URL(file, remoteList).href);
    const missing = await Promise.all([...loaded, ...remoteFiles].map(async (url) => ((await cache.match(url)) ? null : url)));
    return missing.filter((url) => url !== null);
  }, STAFF_OFFLINE_CACHE);

for (const device of [
  { name: 'phone', options: PHONE },
  { name: 'laptop', options: { viewport: { width: 1366, height: 768 } } },
]) {
  test(`on a ${device.name}, My Deliveries opens with no signal right after the first sign-in, and after the browser restarts`, async ({
    browser,
    playwright,
  }, testInfo) => {
    const laptop = await browser.newContext(LAPTOP);
    const admin = await laptop.newPage();
    const driverEmail = `first-${device.name}-${Date.now()}@blooms.example`;
    await addStaffMember(admin, `Fern ${device.name === 'phone' ? 'Phone' : 'Laptop'}`, driverEmail);
    const names = await assignTwoStops(admin, driverEmail);

    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-phone-profile-'));
    let phone = await persistentContext(playwright.chromium, testInfo, profile, device.options);
    let driver = phone.pages()[0] ?? (await phone.newPage());
    // The one online visit: signed in on /login, landed on My Deliveries.
    await signInAsStaff(driver, driverEmail, 'my-deliveries');
    const heading = () => driver.getByRole('heading', { level: 1, name: "Fern's Deliveries" });
    // By name, the first of that name: another test on the stack may have made a namesake.
    const stop = (name: string) => driver.locator('.stop-card, tr').filter({ hasText: name }).first();
    await expect(heading()).toBeVisible();
    for (const name of names) await expect(stop(name)).toBeVisible();
    // The page began on /login, out of the worker's scope, so it is not the worker's: wait for the worker itself.
    await expect
      .poll(() => driver.evaluate(async () => (await navigator.serviceWorker.getRegistration('/my-deliveries'))?.active?.state))
      .toBe('activated');
    // The page, the sign-in's record and the opening are kept, though they came before the worker
    // took over; and so is every file of the site the page loaded (the worker fetches them again).
    await expect.poll(() => keptPaths(driver)).toEqual(expect.arrayContaining(['/my-deliveries', '/api/me', '/api/my-deliveries/start']));
    await expect.poll(() => filesNotKept(driver)).toEqual([]);

    // No signal, the screen reloaded: the driver's list, not the sign-in page, and it says it is offline.
    await phone.setOffline(true);
    await driver.reload();
    await expect(heading()).toBeVisible();
    await expect(driver.getByText('Offline: no live updates')).toBeVisible();
    for (const name of names) await expect(stop(name)).toBeVisible();
    await expect(driver).toHaveURL(/\/my-deliveries$/);
    await expectNoAxeViolations(driver);
    await driver.screenshot({ path: testInfo.outputPath(`offline-first-${device.name}.png`) });

    // On the phone, a change made offline waits on the device.
    const changes = device.name === 'phone';
    if (changes) {
      await driver.getByRole('button', { name: `Out for delivery to ${names[0]}` }).click();
      await expect(driver.getByRole('status').filter({ hasText: '1 waiting to send' })).toBeVisible();
    }

    // The browser closed and opened again, still with no signal: the list and the waiting change are there.
    await phone.close();
    phone = await persistentContext(playwright.chromium, testInfo, profile, { ...device.options, offline: true });
    driver = phone.pages()[0] ?? (await phone.newPage());
    await driver.goto('/my-deliveries');
    await expect(heading()).toBeVisible();
    for (const name of names) await expect(stop(name)).toBeVisible();
    if (changes) await expect(driver.getByRole('status').filter({ hasText: '1 waiting to send' })).toBeVisible();

    // The signal back: the session is the live one again, and the change goes out.
    await phone.setOffline(false);
    await expect(driver.getByText('Offline: no live updates')).toHaveCount(0);
    await expect(heading()).toBeVisible();
    if (changes) {
      await expect(driver.getByRole('status').filter({ hasText: 'waiting to send' })).toHaveCount(0, { timeout: 30_000 });
      await expect(stop(names[0]!)).toContainText(/Out for delivery/i);
    }

    await phone.close();
    await laptop.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });
}

test('a sign-in whose record could not be read as the signal dropped goes on by itself when the signal returns', async ({ browser }) => {
  const laptop = await browser.newContext(LAPTOP);
  const admin = await laptop.newPage();
  const driverEmail = `dropped-${Date.now()}@blooms.example`;
  await addStaffMember(admin, 'Drew Dropped', driverEmail);
  const phone = await browser.newContext(PHONE);
  const driver = await phone.newPage();
  await phone.route('**/api/me', (route) => route.abort('internetdisconnected'));
  await signInLocally(driver, driverEmail);
  await expect(driver.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  await phone.unroute('**/api/me');
  await phone.setOffline(true);
  await expect.poll(() => driver.evaluate(() => navigator.onLine)).toBe(false);
  await phone.setOffline(false);
  await expect(driver).toHaveURL(/\/my-deliveries$/);
  await expect(driver.getByRole('heading', { level: 1, name: "Drew's Deliveries" })).toBeVisible();
  await phone.close();
  await laptop.close();
});
