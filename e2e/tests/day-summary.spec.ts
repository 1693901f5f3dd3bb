import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { ADMIN_EMAIL, signInAsStaff } from '../support/session';

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');
const LIVE = { timeout: 3000 };
const countOf = async (figure: Locator) => Number((await figure.locator('.day-summary__value').textContent())!.split(' / ')[0]);

test('the day summary counts the stops, each figure filters the list, and a phone watching it follows changes live', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const [admin, watcher] = await Promise.all([laptop.newPage(), phone.newPage()]);
  for (const page of [admin, watcher]) {
    await signInAsStaff(page, ADMIN_EMAIL);
    await expect(page.getByRole('status').filter({ hasText: 'Live updates on' })).toBeVisible();
  }
  const summaryOf = (page: typeof admin) => page.getByRole('region', { name: 'The day at a glance' });
  const unassigned = (page: typeof admin) => summaryOf(page).getByRole('button', { name: /Unassigned$/ });
  await expect(summaryOf(admin).getByRole('button', { name: /To deliver$/ })).toBeVisible();
  const before = await countOf(unassigned(admin));
  expect(before).toBeGreaterThan(1);

  // Unassigned pressed: the list holds exactly those stops.
  await unassigned(admin).click();
  await expect(unassigned(admin)).toHaveAttribute('aria-pressed', 'true');
  const names = admin.getByRole('table').getByRole('rowheader');
  await expect(names).toHaveCount(Math.min(before, 100));
  await admin.screenshot({ path: path.join(SCREENSHOTS, 'day-summary-1280.png') });

  // One of them is assigned on the laptop: the phone's figures follow without a reload.
  await admin.getByRole('table').getByRole('checkbox').nth(1).check();
  await admin.getByRole('combobox', { name: 'Assign 1 delivery to:' }).selectOption({ label: 'admin' });
  await expect(admin.getByRole('status').filter({ hasText: 'Assigned 1 delivery to admin.' })).toBeVisible();
  await expect(unassigned(watcher)).toHaveText(`${before - 1} Unassigned`, LIVE);
  await expect(summaryOf(watcher).getByRole('button', { name: /admin$/ })).toBeVisible();
  await watcher.screenshot({ path: path.join(SCREENSHOTS, 'day-summary-390.png'), fullPage: false });

  // Pressed again, the figure lets the whole list back.
  await unassigned(admin).click();
  await expect(unassigned(admin)).toHaveAttribute('aria-pressed', 'false');
  await expect(names).not.toHaveCount(before - 1);
  await Promise.all([laptop.close(), phone.close()]);
});
