import { type Page } from '@playwright/test';
import { calendarMonth, expect, test } from '../support/test';
import { mainNav, signInAsStaff } from '../support/session';
import { addStaffMember, leaveAtDoor, pill, rowOf, showMonth } from '../support/staff';
import { addMonths } from '@blooms/shared/contract/months';
import { LAPTOP, PHONE } from '../support/devices';

/** Four months ahead: months no other browser test changes. */
const MONTHS_AHEAD = 4;

async function monthsAhead(page: Page) {
  await showMonth(page, addMonths(calendarMonth(), MONTHS_AHEAD));
}

/** What the device keeps of staff work in IndexedDB: the names of its databases, and the changes waiting in ours. */
const keptOnDevice = (page: Page) =>
  page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((database) => database.name);
    if (!names.includes('blooms-staff')) return { names, waiting: 0 };
    const db = await new Promise<IDBDatabase | null>((resolve, reject) => {
      const request = indexedDB.open('blooms-staff');
      // Deleted since it was listed (sign-out deletes it): opening it must not make an empty one.
      request.onupgradeneeded = () => request.transaction!.abort();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => (request.error?.name === 'AbortError' ? resolve(null) : reject(request.error));
    });
    if (!db) return { names: names.filter((name) => name !== 'blooms-staff'), waiting: 0 };
    const waiting = await new Promise<number>((resolve) => {
      const count = db.transaction('pending-changes').objectStore('pending-changes').count();
      count.onsuccess = () => resolve(count.result);
    });
    db.close();
    return { names, waiting };
  });

async function signOutFromMenu(page: Page) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await mainNav(page).getByRole('button', { name: 'Sign out' }).click();
}

test('signing out with changes still waiting on the phone says what would be lost, and deletes them only when asked', async ({
  browser,
}, testInfo) => {
  const laptop = await browser.newContext(LAPTOP);
  const phone = await browser.newContext(PHONE);
  const admin = await laptop.newPage();
  const driver = await phone.newPage();
  const driverEmail = `sam-${Date.now()}@blooms.example`;

  await addStaffMember(admin, 'Sam Stops', driverEmail);
  await mainNav(admin).getByRole('link', { name: 'Today' }).click();
  await monthsAhead(admin);
  await rowOf(admin, 'Priya Raman').getByRole('checkbox').check();
  await rowOf(admin, 'Ashley Brooks').getByRole('checkbox').check();
  await admin.getByRole('combobox', { name: 'Assign 2 deliveries to:' }).selectOption({ label: 'Sam' });
  await expect(admin.getByRole('status').filter({ hasText: 'Assigned 2 deliveries to Sam.' })).toBeVisible();

  await signInAsStaff(driver, driverEmail, 'my-deliveries');
  await monthsAhead(driver);
  const stop = (name: string) =>
    driver
      .getByRole('list', { name: /in route order/ })
      .getByRole('listitem')
      .filter({ hasText: name });
  await expect(stop('Priya Raman')).toBeVisible();

  // No signal: Priya out for delivery and left at her door with a photo, Ashley out for delivery.
  await phone.setOffline(true);
  await stop('Priya Raman').getByRole('button', { name: 'Out for delivery to Priya Raman' }).click();
  await stop('Priya Raman').getByRole('button', { name: 'Delivered to Priya Raman' }).click();
  await leaveAtDoor(driver);
  await stop('Ashley Brooks').getByRole('button', { name: 'Out for delivery to Ashley Brooks' }).click();
  await expect(driver.getByRole('status').filter({ hasText: '3 waiting to send' })).toBeVisible();
  expect((await keptOnDevice(driver)).waiting).toBe(3);

  // Sign out: it asks first, naming each change and what is lost.
  await signOutFromMenu(driver);
  const warning = driver.getByRole('alertdialog', { name: 'Warning' });
  await expect(warning).toContainText(
    '3 changes have not been sent yet: Priya Raman: Out for delivery; Priya Raman: Delivered, left at the door (with its photo); Ashley Brooks: Out for delivery. ' +
      'They are kept only on this device until it has a connection. Signing out now deletes them: they will never be sent, and the door photos with them. ' +
      'To keep them, cancel and sign out once they have gone.',
  );
  await driver.screenshot({ path: testInfo.outputPath('sign-out-warning-390.png') });
  await driver.setViewportSize({ width: 1280, height: 800 });
  await driver.screenshot({ path: testInfo.outputPath('sign-out-warning-1280.png') });
  await driver.setViewportSize({ width: 390, height: 844 });

  // Cancel keeps everything: still signed in, still waiting.
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toHaveCount(0);
  await expect(driver.getByRole('status').filter({ hasText: '3 waiting to send' })).toBeVisible();
  expect((await keptOnDevice(driver)).waiting).toBe(3);

  // Asked again and confirmed: signed out, and nothing of it is left on the device.
  await signOutFromMenu(driver);
  await driver.getByRole('alertdialog', { name: 'Warning' }).getByRole('button', { name: 'Sign out and delete them' }).click();
  await expect(driver.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await expect.poll(async () => (await keptOnDevice(driver)).names).not.toContain('blooms-staff');

  await phone.setOffline(false);

  // With nothing waiting, Sign out signs out at once, and still leaves nothing behind.
  await signInAsStaff(driver, driverEmail, 'my-deliveries');
  await monthsAhead(driver);
  await expect(stop('Ashley Brooks')).toBeVisible();
  await stop('Ashley Brooks').getByRole('button', { name: 'Out for delivery to Ashley Brooks' }).click();
  await expect(pill(admin, 'Ashley Brooks').locator('.status-pill')).toHaveText('Out For Delivery');
  await signOutFromMenu(driver);
  await expect(driver.getByRole('alertdialog')).toHaveCount(0);
  await expect(driver.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await expect.poll(async () => (await keptOnDevice(driver)).names).not.toContain('blooms-staff');

  await laptop.close();
  await phone.close();
});
