import { expect } from '../support/test';
import { ADMIN_EMAIL, mainNav, signInAsStaff } from '../support/session';
import { expectScreen, test } from './journey';

test('staff: the dashboard lists the month with live updates, and My Deliveries and the forecast open', async ({ page }) => {
  await signInAsStaff(page, ADMIN_EMAIL);
  const rows = page.getByRole('table').getByRole('rowheader');
  if ((await expectScreen(page, rows.first())) === 'shown') {
    await expect(page.getByRole('status').filter({ hasText: 'Live updates on' })).toBeVisible();
    await expectScreen(page, page.getByRole('region', { name: 'The day at a glance' }));
  }
  await mainNav(page).getByRole('link', { name: 'My Deliveries' }).click();
  // "My Deliveries", or the driver's name once the record is in ("admin's Deliveries").
  await expectScreen(page, page.getByRole('heading', { level: 1, name: /Deliveries$/ }));
  await mainNav(page).getByRole('link', { name: 'Forecast' }).click();
  await expectScreen(page, page.getByRole('heading', { level: 1, name: 'Forecast' }));
});
