import { type Page } from '@playwright/test';
import { calendarMonth, expect, test } from '../support/test';
import { ADMIN_EMAIL, mainNav, signInAsStaff } from '../support/session';
import { LIVE } from '../support/live';
import { showMonth } from '../support/staff';

// A real 1x1 PNG: the browser decodes it and the server checks its bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
const pill = (page: Page, name: string) => rowOf(page, name).getByRole('cell').nth(9);
const assigned = (page: Page, name: string) => rowOf(page, name).getByRole('cell').nth(11);

test('two staff members see each other’s changes live; the assignee records a left-at-door photo', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const driverContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const driver = await driverContext.newPage();
  const driverEmail = `dana-${Date.now()}@blooms.example`;

  // The admin adds a driver, and both open the dashboard.
  await signInAsStaff(admin, ADMIN_EMAIL);
  await mainNav(admin).getByRole('link', { name: 'Users' }).click();
  await admin.getByLabel('Name', { exact: true }).fill('Dana Driver');
  await admin.getByLabel('Email', { exact: true }).fill(driverEmail);
  await admin.getByRole('button', { name: 'Add User' }).click();
  await expect(admin.getByRole('row', { name: /Dana Driver/ })).toBeVisible();
  await mainNav(admin).getByRole('link', { name: 'Today' }).click();
  // The driver lands on My Deliveries, and opens the dashboard from the header.
  await signInAsStaff(driver, driverEmail, 'my-deliveries');
  await mainNav(driver).getByRole('link', { name: 'Today' }).click();
  for (const page of [admin, driver]) await expect(page.getByRole('status').filter({ hasText: 'Live updates on' })).toBeVisible();
  // Both on this calendar month (the dashboard opens where the work is, which may be later).
  for (const page of [admin, driver]) await showMonth(page, calendarMonth());

  // Next month first (the demo's past months are delivered): a delivery there is marked out for
  // delivery, and this month's stays as it was.
  await admin.getByRole('button', { name: 'Next month' }).click();
  await pill(admin, 'Priya Raman')
    .getByRole('button', { name: /^Not Started/ })
    .click();
  await expect(pill(admin, 'Priya Raman').locator('.status-pill')).toHaveText('Out For Delivery');
  await admin.getByRole('button', { name: 'Previous month' }).click();
  await expect(pill(admin, 'Priya Raman').locator('.status-pill')).toHaveText('Not Started');

  // The admin advances a status: the driver's dashboard follows within a second.
  await pill(admin, 'Maria Lopez').locator('.status-pill').click();
  await expect(pill(admin, 'Maria Lopez').locator('.status-pill')).toHaveText('Out For Delivery');
  await expect(pill(driver, 'Maria Lopez').locator('.status-pill')).toHaveText('Out For Delivery', LIVE);

  // The admin assigns two deliveries to the driver.
  await rowOf(admin, 'Maria Lopez').getByRole('checkbox').check();
  await rowOf(admin, 'Ashley Brooks').getByRole('checkbox').check();
  await admin.getByRole('combobox', { name: 'Assign 2 deliveries to:' }).selectOption({ label: 'Dana' });
  await expect(assigned(admin, 'Maria Lopez')).toHaveText('Dana');
  await expect(admin.getByRole('combobox', { name: /^Assign \d/ })).toHaveCount(0);
  await expect(assigned(driver, 'Maria Lopez')).toHaveText('Dana', LIVE);
  await expect(assigned(driver, 'Ashley Brooks')).toHaveText('Dana', LIVE);

  // The driver sees both under My Deliveries and records one as left at the door, with a photo.
  await driver.getByRole('link', { name: 'View My Deliveries' }).click();
  await expect(driver.getByRole('heading', { name: "Dana's Deliveries" })).toBeVisible();
  await showMonth(driver, calendarMonth());
  await expect(driver.getByRole('rowheader')).toHaveText([/Ashley Brooks|Maria Lopez/, /Ashley Brooks|Maria Lopez/]);
  await rowOf(driver, 'Maria Lopez')
    .getByRole('button', { name: /^Out For Delivery/ })
    .click();
  const prompt = driver.getByRole('dialog', { name: /^Delivered: / });
  await expect(prompt).toContainText('Was it hand-delivered or left at the door?');
  const chooser = driver.waitForEvent('filechooser');
  await prompt.getByRole('button', { name: 'Left at Door' }).click();
  await (await chooser).setFiles({ name: 'door.png', mimeType: 'image/png', buffer: PNG });
  await expect(rowOf(driver, 'Maria Lopez').getByText('Delivered')).toBeVisible();
  await expect(pill(admin, 'Maria Lopez').getByRole('button', { name: /^Delivered/ })).toBeVisible(LIVE);

  // Staff can look at the photo.
  const tab = admin.waitForEvent('popup');
  await pill(admin, 'Maria Lopez').getByRole('button', { name: 'View the delivery photo for Maria Lopez' }).click();
  await expect.poll(async () => (await tab).url()).toMatch(/^blob:/);
  await (await tab).close();

  // Next month's is unchanged by all this.
  await admin.getByRole('button', { name: 'Next month' }).click();
  await expect(pill(admin, 'Priya Raman').locator('.status-pill')).toHaveText('Out For Delivery');
  await expect(pill(admin, 'Maria Lopez').locator('.status-pill')).toHaveText('Not Started');
  await expect(assigned(admin, 'Maria Lopez')).toHaveText('Unassigned');

  await adminContext.close();
  await driverContext.close();
});
