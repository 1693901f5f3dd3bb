import path from 'node:path';
import { STAFF_INVITATION } from '@blooms/shared/contract/users';
import { expect, test } from '../support/test';
import { mailsTo } from '../support/outbox';
import { ADMIN_EMAIL, mainNav, signInAsStaff } from '../support/session';
import { axeViolations } from '../support/axe';

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');
const SITE_PAGES = ['Home', 'How It Works', 'Collections', 'FAQ', 'About', /^Weddings & Events/];

test("at 1366 and 390 px a staff screen's header holds the staff screens; the site's pages are in the Site menu, by keyboard too", async ({
  page,
}) => {
  const sizes = [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ];
  await page.setViewportSize(sizes[0]!);
  await signInAsStaff(page, ADMIN_EMAIL);
  // Signed in once; the Dashboard opened again at each width, as a laptop's and then a phone's.
  for (const size of sizes) {
    await page.setViewportSize(size);
    if (size !== sizes[0]) await page.goto('/dashboard');
    // The page moves focus to its heading once its screen has loaded: the keyboard starts after that.
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const phone = size.width < 1000;
    if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Today' })).toBeVisible();
    for (const name of SITE_PAGES) await expect(nav.getByRole('link', { name })).toBeHidden();
    await expect(nav.getByRole('link')).toHaveText(['Today', 'My Deliveries', 'Forecast', 'Users', 'Figures']);

    const site = nav.getByRole('button', { name: 'Site' });
    await expect(site).toHaveAttribute('aria-expanded', 'false');
    await site.focus();
    await page.keyboard.press('Enter');
    await expect(site).toHaveAttribute('aria-expanded', 'true');
    const list = page.locator(`#${await site.getAttribute('aria-controls')}`);
    await expect(list.getByRole('link')).toHaveText(SITE_PAGES);
    await page.keyboard.press('Tab');
    await expect(list.getByRole('link', { name: 'Home' })).toBeFocused();
    await page.screenshot({ path: path.join(SCREENSHOTS, `staff-site-menu-${size.width}.png`) });
    expect(await axeViolations(page)).toEqual([]);

    // Escape closes the Site list (the phone's menu stays open), focus back on its button.
    await page.keyboard.press('Escape');
    await expect(site).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();
    await expect(site).toBeFocused();
    if (phone) await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();

    // Space opens it too; a link goes to its page, and the header there is the public one.
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(list.getByRole('link', { name: 'FAQ' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/faq$/);
    await expect(nav.getByRole('button', { name: 'Site' })).toHaveCount(0);
  }
});

test('a user added on Manage Users is e-mailed an invitation to the staff sign-in page, and the list shows when they last signed in', async ({
  browser,
}) => {
  const adminContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const admin = await adminContext.newPage();
  const email = `robin-${Date.now()}@blooms.example`;

  await signInAsStaff(admin, ADMIN_EMAIL);
  await mainNav(admin).getByRole('link', { name: 'Users' }).click();
  await admin.getByLabel('Name', { exact: true }).fill('Robin Invited');
  await admin.getByLabel('Email', { exact: true }).fill(email);
  await admin.getByRole('button', { name: 'Add User' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'invitation' })).toHaveText(
    `Added Robin Invited. An invitation to sign in is on its way to ${email}.`,
  );
  const row = admin.getByRole('row', { name: /Robin Invited/ });
  await expect(row.getByRole('cell').nth(3)).toHaveText('Not yet');

  await expect.poll(() => mailsTo(email).filter((mail) => mail.includes(STAFF_INVITATION.subject)).length).toBe(1);
  const [invitation] = mailsTo(email);
  const link = /^Sign in to Monthly Blooms: (http\S+)$/m.exec(invitation!)?.[1];
  expect(link).toMatch(new RegExp(`/login\\?email=${encodeURIComponent(email)}$`));

  // The new employee follows the invitation and signs in.
  const employeeContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const employee = await employeeContext.newPage();
  await employee.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(employee.getByRole('heading', { level: 1 })).toHaveText('Login to Monthly Blooms');
  await employee.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(employee.getByRole('dialog', { name: 'Local Google sign-in' }).getByLabel('Email')).toHaveValue(email);
  await employee.keyboard.press('Escape');
  await signInAsStaff(employee, email, 'my-deliveries');

  await admin.reload();
  await expect(row.getByRole('cell').nth(3).locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
  expect(await axeViolations(admin)).toEqual([]);
  await admin.screenshot({ path: path.join(SCREENSHOTS, 'users-last-sign-in-1366.png'), fullPage: true });

  const phoneAdmin = await adminContext.newPage();
  await phoneAdmin.setViewportSize({ width: 390, height: 844 });
  await phoneAdmin.goto('/users');
  const phoneRow = phoneAdmin.getByRole('row', { name: /Robin Invited/ });
  await expect(phoneRow.locator('time')).toBeVisible();
  // Each user is a card on a phone: last sign-in and Edit are on screen, not off to the side.
  for (const part of [phoneRow.locator('time'), phoneRow.getByRole('button', { name: 'Edit Robin Invited' })]) {
    const box = (await part.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await axeViolations(phoneAdmin)).toEqual([]);
  await phoneAdmin.screenshot({ path: path.join(SCREENSHOTS, 'users-last-sign-in-390.png'), fullPage: true });
  await adminContext.close();
  await employeeContext.close();
});
