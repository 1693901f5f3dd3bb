import { expect } from '../support/test';
import { ADMIN_EMAIL, mainNav, signInAsStaff } from '../support/session';
import { expectScreen, test } from './journey';

test("admin: the users, a subscription's history from the dashboard, and the business figures", async ({ page }) => {
  await signInAsStaff(page, ADMIN_EMAIL);
  await mainNav(page).getByRole('link', { name: 'Users' }).click();
  if ((await expectScreen(page, page.getByRole('button', { name: 'Add User' }))) === 'shown')
    await expect(page.getByRole('row').filter({ hasText: ADMIN_EMAIL })).toBeVisible();

  await mainNav(page).getByRole('link', { name: 'Today' }).click();
  const history = page.getByRole('link', { name: /^History of / }).first();
  if ((await expectScreen(page, history)) === 'shown') {
    await history.click();
    await expectScreen(page, page.getByRole('list', { name: 'Events, newest first' }));
  }

  await mainNav(page).getByRole('link', { name: 'Figures' }).click();
  await expectScreen(page, page.getByRole('table', { name: 'Subscribers by month' }));
});
