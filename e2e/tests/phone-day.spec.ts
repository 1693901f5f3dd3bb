import { calendarMonth, expect, test } from '../support/test';
import { ADMIN_EMAIL, idTokenFor, mainNav, signInAsStaff } from '../support/session';
import { LIVE } from '../support/live';
import { addStaffMember, leaveAtDoor, pill, PNG, rowOf, showMonth } from '../support/staff';
import { expectNoAxeViolations } from '../support/axe';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';
import { PHONE } from '../support/devices';
import { failedPhotoPath } from '@blooms/shared/contract/failed-attempts-api-routes';

// The demo's James Whitaker has a Custom plan (February, May, November, December); Maria Lopez
// delivers every month. The driver works the first month after this one that has them both.
const JAMES_MONTHS = [2, 5, 11, 12];
const delivering = (from: MonthKey): MonthKey => (JAMES_MONTHS.includes(Number(from.slice(5, 7))) ? from : delivering(addMonths(from, 1)));
const MONTH = delivering(addMonths(calendarMonth(), 1));

test('a driver works a coming month’s stops on a 390 px phone, partly offline; the dashboard follows on a laptop', async ({ browser }) => {
  const laptop = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const phone = await browser.newContext(PHONE);
  const admin = await laptop.newPage();
  const driver = await phone.newPage();
  const driverEmail = `quinn-${Date.now()}@blooms.example`;

  // The admin adds the driver and assigns that month's stops in Provo and downtown Salt Lake City.
  await addStaffMember(admin, 'Quinn Courier', driverEmail);
  await mainNav(admin).getByRole('link', { name: 'Today' }).click();
  await showMonth(admin, MONTH);
  await rowOf(admin, 'James Whitaker').getByRole('checkbox').check();
  await rowOf(admin, 'Maria Lopez').getByRole('checkbox').check();
  await admin.getByRole('combobox', { name: 'Assign 2 deliveries to:' }).selectOption({ label: 'Quinn' });
  await expect(admin.getByRole('status').filter({ hasText: 'Assigned 2 deliveries to Quinn.' })).toBeVisible();

  // On the phone the driver lands on My Deliveries: cards, nearest to the studio first.
  await signInAsStaff(driver, driverEmail, 'my-deliveries');
  await showMonth(driver, MONTH);
  const stops = driver.getByRole('list', { name: /in route order/ }).getByRole('listitem');
  await expect(stops).toHaveCount(2);
  await expect(stops.nth(0)).toHaveAccessibleName(/^Stop 1 of 2: Maria Lopez/);
  await expect(stops.nth(1)).toHaveAccessibleName(/^Stop 2 of 2: James Whitaker/);
  await expect(driver.getByRole('table')).toHaveCount(0);
  expect(await driver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const maria = stops.nth(0);
  // Every control of a card, those under Details too, is big enough for a finger.
  await maria.getByRole('button', { name: 'Details for Maria Lopez' }).click();
  for (const control of await maria.locator('a.button, button, .stop-card__drag').all()) {
    const box = (await control.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  }

  // Out for delivery with a signal: the laptop's dashboard follows.
  await maria.getByRole('button', { name: 'Out for delivery to Maria Lopez' }).click();
  await expect(pill(admin, 'Maria Lopez').locator('.status-pill')).toHaveText('Out For Delivery', LIVE);

  // Once My Deliveries has opened with a connection under its service worker, it opens with none.
  await driver.reload();
  await driver.evaluate(() => navigator.serviceWorker.ready);
  // …and it can be added to the phone's home screen, opening on the driver's day.
  const manifestUrl = await driver.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await driver.request.get(manifestUrl!)).json();
  expect(manifest.start_url).toBe('/my-deliveries');
  await showMonth(driver, MONTH);
  await expect(stops).toHaveCount(2);

  // In a dead zone: James out for delivery and left at his door with a photo, kept on the phone.
  await phone.setOffline(true);
  await expect(driver.getByText('Offline: no live updates')).toBeVisible();
  const james = stops.nth(1);
  await james.getByRole('button', { name: 'Out for delivery to James Whitaker' }).click();
  await expect(driver.getByRole('status').filter({ hasText: '1 waiting to send' })).toBeVisible();
  await james.getByRole('button', { name: 'Delivered to James Whitaker' }).click();
  await leaveAtDoor(driver, 'artifacts/screenshots/delivered-prompt-390.png');
  await expect(james.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(driver.getByRole('status').filter({ hasText: '2 waiting to send' })).toBeVisible();
  await expect(pill(admin, 'James Whitaker').locator('.status-pill')).toHaveText('Not Started');

  // At Maria's locked gate, still no signal: Could not deliver, with a photo of the gate, kept on the phone too.
  await maria.getByRole('button', { name: 'Could not deliver to Maria Lopez' }).click();
  await driver
    .getByRole('dialog', { name: 'Could not deliver: Maria Lopez' })
    .getByRole('button', { name: 'Could not get through the gate (gate code needed)' })
    .click();
  const gatePhoto = driver.waitForEvent('filechooser');
  await driver
    .getByRole('dialog', { name: /^Could not get through the gate/ })
    .getByRole('button', { name: 'Take a photo' })
    .click();
  await (await gatePhoto).setFiles({ name: 'gate.png', mimeType: 'image/png', buffer: PNG });
  const gateNote = 'Could not deliver: Could not get through the gate (gate code needed)';
  await expect(maria.getByText(gateNote)).toBeVisible();
  await expect(maria.getByRole('button', { name: 'Could not deliver to Maria Lopez' })).toHaveCount(0);
  await expect(driver.getByRole('status').filter({ hasText: '3 waiting to send' })).toBeVisible();
  await maria.scrollIntoViewIfNeeded();
  await driver.screenshot({ path: 'artifacts/screenshots/could-not-deliver-offline-390.png' });
  await expectNoAxeViolations(driver);
  await expect(pill(admin, 'Maria Lopez')).not.toContainText('Could not deliver:');

  // The phone restarts the screen with still no signal: the stops and the kept changes are there.
  await driver.reload();
  await showMonth(driver, MONTH);
  await expect(james.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(maria.getByText(gateNote)).toBeVisible();
  await expect(driver.getByRole('status').filter({ hasText: '3 waiting to send' })).toBeVisible();

  // Back in signal: the three changes go out, and the laptop shows them live.
  await phone.setOffline(false);
  await expect(pill(admin, 'James Whitaker').getByRole('button', { name: 'View the delivery photo for James Whitaker' })).toBeVisible(LIVE);
  await expect(pill(admin, 'James Whitaker')).toContainText('Delivered');
  await expect(pill(admin, 'Maria Lopez')).toContainText('Could not deliver: gate code', LIVE);
  await expect(driver.getByRole('status').filter({ hasText: 'waiting to send' })).toHaveCount(0);
  await expect(driver.getByRole('alert', { name: 'Changes not sent' })).toHaveCount(0);
  // The gate photo kept on the phone arrived with the mark.
  const headers = { Authorization: `Bearer ${await idTokenFor(ADMIN_EMAIL)}` };
  const { rows } = await (await admin.request.get(`/api/subscriptions?month=${MONTH}&limit=500`, { headers })).json();
  const mariaRow = (rows as { id: string; firstName: string; lastName: string; delivery: { assignedTo: string | null } }[]).find(
    (row) => row.firstName === 'Maria' && row.lastName === 'Lopez' && row.delivery.assignedTo === driverEmail,
  )!;
  const gateOnServer = await admin.request.get(failedPhotoPath(mariaRow.id, MONTH), { headers });
  expect(gateOnServer.status()).toBe(200);
  expect(gateOnServer.headers()['content-type']).toMatch(/^image\//);

  // Maria, with a signal again (the gate since opened): left at the door with a photo, sent at once.
  await maria.getByRole('button', { name: 'Delivered to Maria Lopez' }).click();
  await leaveAtDoor(driver);
  await expect(maria.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(pill(admin, 'Maria Lopez').getByRole('button', { name: 'View the delivery photo for Maria Lopez' })).toBeVisible(LIVE);

  // The driver drags James first by his card's handle, then tries the buttons: down and up again; the order is kept.
  const orderSaved = () => driver.waitForResponse((response) => response.url().endsWith('/api/my-deliveries/order') && response.ok());
  const handle = (stop: number) => stops.nth(stop).locator('.stop-card__drag');
  await expect(driver.getByRole('dialog')).toHaveCount(0);
  // James's card as near mid-screen as the page scrolls, so its handle and the bottom of Maria's card above are both in view.
  await stops.nth(1).evaluate((card) => card.scrollIntoView({ block: 'center', behavior: 'instant' }));
  const from = (await handle(1).boundingBox())!;
  const to = (await stops.nth(0).boundingBox())!;
  await driver.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await driver.mouse.down();
  // Onto the bottom of the first card, which is on screen just above.
  await driver.mouse.move(from.x + from.width / 2, to.y + to.height - 12, { steps: 8 });
  await expect(stops.nth(0)).toHaveAccessibleName(/^Stop 1 of 2: James Whitaker/);
  const saved = orderSaved();
  await driver.mouse.up();
  await expect(stops.nth(0)).toHaveAccessibleName(/^Stop 1 of 2: James Whitaker/);
  await saved;
  await driver.reload();
  await showMonth(driver, MONTH);
  await expect(stops.nth(0)).toHaveAccessibleName(/^Stop 1 of 2: James Whitaker/);
  await driver.getByRole('button', { name: 'Details for James Whitaker' }).click();
  await Promise.all([orderSaved(), driver.getByRole('button', { name: 'Move James Whitaker down' }).click()]);
  await expect(stops.nth(0)).toHaveAccessibleName(/^Stop 1 of 2: Maria Lopez/);
  await Promise.all([orderSaved(), driver.getByRole('button', { name: 'Move James Whitaker up' }).click()]);
  await expect(stops.nth(0)).toHaveAccessibleName(/^Stop 1 of 2: James Whitaker/);
  await driver.reload();
  await showMonth(driver, MONTH);
  await expect(stops.nth(0)).toHaveAccessibleName(/^Stop 1 of 2: James Whitaker/);

  // The printed route sheet: the stops in that order, with phone numbers; no screen controls.
  await driver.emulateMedia({ media: 'print' });
  const sheet = driver.getByRole('region', { name: 'Route sheet' });
  await expect(sheet.getByRole('listitem')).toHaveText([/^James Whitaker · \(801\) 555-\d{4}/, /^Maria Lopez · \(801\) 555-0101/]);
  await expect(driver.getByRole('banner')).toBeHidden();
  await expect(driver.getByRole('button', { name: 'Print route sheet' })).toBeHidden();
  await expect(driver.getByRole('status').filter({ hasText: / done$/ })).toBeHidden();

  await laptop.close();
  await phone.close();
});
