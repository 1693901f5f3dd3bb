import fs from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { signInAsStaff } from '../support/session';
import { LIVE } from '../support/live';
import { addStaffMember } from '../support/staff';
import { PHONE } from '../support/devices';

/**
 * The pictures in docs/staff-guide.md: the dashboard at 1280 px and on a 390 px phone, and a
 * driver's day on the phone, made on a fresh stack of their own (it assigns the seeded stops, so
 * it runs apart from the browser suite): UPDATE_DOCS_SCREENSHOTS=1 pnpm test:e2e rewrites docs/images/.
 */
const UPDATE = process.env.UPDATE_DOCS_SCREENSHOTS === '1';
const IMAGES = path.join(__dirname, '..', '..', 'docs', 'images');

async function picture(page: Page, file: string, fullPage = false): Promise<void> {
  const shot = await page.screenshot({ fullPage, animations: 'disabled', caret: 'hide' });
  expect(shot.byteLength).toBeGreaterThan(10_000);
  if (UPDATE) fs.writeFileSync(path.join(IMAGES, file), shot);
}

test('the staff guide’s pictures: the dashboard at 1280 px and on a 390 px phone, and My Deliveries on the phone', async ({ browser }) => {
  const laptop = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const phone = await browser.newContext(PHONE);
  const admin = await laptop.newPage();
  const driver = await phone.newPage();
  const driverEmail = `rae-${Date.now()}@blooms.example`;

  // The dispatcher adds a driver and gives her the first three stops of the day.
  await addStaffMember(admin, 'Rae Runner', driverEmail);
  await admin.goto('/dashboard');
  // This admin has no name: the prompt for one is put off, as a dispatcher would.
  await admin.getByRole('button', { name: 'Not now' }).click();
  const summary = admin.getByRole('region', { name: 'The day at a glance' });
  await expect(summary.getByRole('button', { name: /Stops?$/ })).toBeVisible();
  const boxes = admin.locator('tbody input[type=checkbox]:not([disabled])');
  for (let i = 0; i < 3; i++) await boxes.nth(i).check();
  await admin.getByRole('combobox', { name: 'Assign 3 deliveries to:' }).selectOption({ label: 'Rae' });
  await expect(admin.getByRole('status').filter({ hasText: 'Assigned 3 deliveries to Rae.' })).toBeVisible();

  // The driver opens her day on the phone, sets off, and hands the first vase over.
  await signInAsStaff(driver, driverEmail, 'my-deliveries');
  await expect(driver.getByRole('heading', { name: "Rae's Deliveries" })).toBeVisible();
  const stops = driver.getByRole('list', { name: /in route order/ }).getByRole('listitem');
  await expect(stops).toHaveCount(3);
  for (const stop of await stops.all()) await stop.getByRole('button', { name: /^Out for delivery to / }).click();
  await stops
    .nth(0)
    .getByRole('button', { name: /^Delivered to / })
    .click();
  const prompt = driver.getByRole('dialog', { name: /^Delivered: / });
  await prompt.getByRole('button', { name: 'Hand Delivered' }).click();
  await expect(prompt).toHaveCount(0);
  // The delivered stop goes to the end of the list; the stop after it is next, at the top.
  await expect(stops.nth(2).getByText('Delivered', { exact: true })).toBeVisible();
  await expect(stops.nth(0)).toHaveAccessibleName(/^Stop 2 of 3: .+, next stop$/);
  await expect(driver.getByRole('status').filter({ hasText: '1 of 3 done' })).toBeVisible();
  await expect(driver.getByRole('status').filter({ hasText: 'Live updates on' })).toBeVisible();
  await driver.evaluate(() => window.scrollTo(0, 0));
  // No button drawn as hovered where the prompt's last tap was.
  await driver.mouse.move(0, 0);
  await picture(driver, 'staff-my-deliveries-390.png', true);

  // The dashboard has followed live: Rae's progress is in the day summary.
  await expect(summary.getByRole('button', { name: /Rae$/ })).toContainText('1 / 3', LIVE);
  // A stop without a note reads plainly as "No notes", not as a link.
  await expect(admin.getByRole('button', { name: /: no notes\. Show all$/ }).first()).toHaveText('No notes');
  await admin.evaluate(() => window.scrollTo(0, 0));
  await picture(admin, 'staff-dashboard-1280.png');
  // The same dashboard on a 390 px phone: cards, the filters folded behind Filters.
  await admin.setViewportSize(PHONE.viewport);
  await expect(admin.getByRole('button', { name: /^Filters/ })).toHaveAttribute('aria-expanded', 'false');
  await admin.evaluate(() => window.scrollTo(0, 0));
  await picture(admin, 'staff-dashboard-390.png');
  await Promise.all([laptop.close(), phone.close()]);
});
