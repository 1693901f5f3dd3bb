import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { addDays, formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { formatMonth } from '@blooms/shared/contract/months';
import { expect, test } from '../support/test';
import { ADMIN_EMAIL, idTokenFor, signInAsStaff } from '../support/session';
import { moveClock, workAndNext } from '../support/test-clock';
import { addStaffMember, notStartedStops, PNG, rowOf } from '../support/staff';
import { mailHtmlTo, mailsTo } from '../support/outbox';
import { LIVE } from '../support/live';
import { LAPTOP, PHONE } from '../support/devices';
import { axeViolations } from '../support/axe';

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');
const DESKTOP = { viewport: { width: 1366, height: 768 } };

interface Stop {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** One of the month's stops not yet started (notStartedStops), with a name no other stop that month has, given to the driver through the API. */
async function assignOneStop(
  request: APIRequestContext,
  headers: Record<string, string>,
  month: string,
  driverEmail: string,
): Promise<Stop> {
  const { rows } = await (await request.get(`/api/subscriptions?month=${month}&limit=500`, { headers })).json();
  const named = (row: Stop) => `${row.firstName} ${row.lastName}`;
  const stop = (await notStartedStops(request, headers, month, { keep: driverEmail })).find(
    (row) => rows.filter((other: Stop) => named(other) === named(row)).length === 1,
  )!;
  const assigned = await request.post('/api/deliveries/assign', {
    headers,
    data: { month, subscriptionIds: [stop.id], assigneeEmail: driverEmail },
  });
  expect(assigned.ok()).toBe(true);
  return stop;
}

test.describe.configure({ mode: 'serial' });

test('on a delivery day a driver on a 390 px phone marks a stop Could not deliver with a reason and a photo; the subscriber is e-mailed once', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const laptop = await browser.newContext(DESKTOP);
  const phone = await browser.newContext(PHONE);
  const admin = await laptop.newPage();
  const driver = await phone.newPage();
  const driverEmail = `nora-${Date.now()}@blooms.example`;
  const headers = { Authorization: `Bearer ${await idTokenFor(ADMIN_EMAIL)}` };
  const [work] = await workAndNext(request, headers);
  await moveClock(request, headers, work.date);
  try {
    await addStaffMember(admin, 'Nora Driver', driverEmail);
    const stop = await assignOneStop(request, headers, work.month, driverEmail);
    const name = `${stop.firstName} ${stop.lastName}`;

    await signInAsStaff(driver, driverEmail, 'my-deliveries');
    await expect(driver.locator('.month-navigator__label')).toHaveText(formatMonth(work.month));
    const card = driver.getByRole('listitem', { name: new RegExp(`^Stop \\d+ of \\d+: ${name}`) });
    await card.getByRole('button', { name: `Out for delivery to ${name}` }).click();
    await expect(card.getByRole('button', { name: `Could not deliver to ${name}` })).toBeVisible();
    // Every control of the card is big enough for a finger, the new one too.
    for (const control of await card.locator('a.button, button').all()) {
      // Those under Details are hidden until it is opened.
      const box = await control.boundingBox();
      if (box) expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    await card.scrollIntoViewIfNeeded();
    await driver.screenshot({ path: path.join(SCREENSHOTS, 'could-not-deliver-out-390.png') });
    await card.getByRole('button', { name: `Could not deliver to ${name}` }).click();

    const reasons = driver.getByRole('dialog', { name: `Could not deliver: ${name}` });
    await expect(reasons.getByRole('button')).toHaveText([
      'No safe place to leave the flowers',
      'Could not get through the gate (gate code needed)',
      'The address could not be found',
      'The delivery was refused',
      'Cancel',
    ]);
    await driver.screenshot({ path: path.join(SCREENSHOTS, 'could-not-deliver-reasons-390.png') });
    expect(await axeViolations(driver)).toEqual([]);
    await reasons.getByRole('button', { name: 'Could not get through the gate (gate code needed)' }).click();
    const photo = driver.getByRole('dialog', { name: /^Could not get through the gate/ });
    const chooser = driver.waitForEvent('filechooser');
    await photo.getByRole('button', { name: 'Take a photo' }).click();
    await (await chooser).setFiles({ name: 'gate.png', mimeType: 'image/png', buffer: PNG });

    await expect(card.getByText('Could not deliver: Could not get through the gate (gate code needed)')).toBeVisible();
    await expect(card.getByRole('button', { name: `Could not deliver to ${name}` })).toHaveCount(0);
    await expect(card.getByText('Out For Delivery')).toBeVisible();
    expect(await driver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.scrollIntoViewIfNeeded();
    await driver.screenshot({ path: path.join(SCREENSHOTS, 'could-not-deliver-card-390.png') });
    expect(await axeViolations(driver)).toEqual([]);

    // The subscriber's e-mail, once: why, and what happens next (the studio's usual choice: another try the next day).
    await expect
      .poll(() => mailsTo(stop.email).filter((mail) => mail.includes('We could not deliver your Monthly Blooms flowers today')).length)
      .toBe(1);
    const [mail] = mailsTo(stop.email).filter((mail) => mail.includes('We could not deliver'));
    expect(mail).toContain('Why: Could not get through the gate (gate code needed)');
    expect(mail).toContain(`We will try again the next day, ${formatDeliveryDate(addDays(work.date, 1))}.`);
    expect(mailHtmlTo(stop.email, /We could not deliver/)[0]).toContain('Monthly Blooms');

    // The same mark sent again (a replayed request) changes nothing and sends nothing more.
    const again = await request.post('/api/deliveries/could-not-deliver', {
      headers: { Authorization: `Bearer ${await idTokenFor(driverEmail)}` },
      multipart: { subscriptionId: stop.id, month: work.month, reason: 'gate-code' },
    });
    expect(again.status()).toBe(200);
    await driver.reload();
    await expect(card.getByText(/^Could not deliver: /)).toBeVisible();
    expect(mailsTo(stop.email).filter((mail) => mail.includes('We could not deliver'))).toHaveLength(1);
  } finally {
    await moveClock(request, headers, null);
    await Promise.all([laptop.close(), phone.close()]);
  }
});

test('at 1366 px the dashboard and the day summary count a failed attempt apart from not delivered, and staff reschedule it', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const laptop = await browser.newContext(DESKTOP);
  const admin = await laptop.newPage();
  const headers = { Authorization: `Bearer ${await idTokenFor(ADMIN_EMAIL)}` };
  const [work] = await workAndNext(request, headers);
  await moveClock(request, headers, work.date);
  try {
    const stop = await assignOneStop(request, headers, work.month, ADMIN_EMAIL);
    const name = `${stop.firstName} ${stop.lastName}`;
    await signInAsStaff(admin, ADMIN_EMAIL);
    await expect(admin.locator('.month-navigator__label')).toHaveText(formatMonth(work.month));
    // The site setting: what the subscriber is told happens next. Picked, kept, and put back.
    // Read only once opened (the dashboard needs nothing of it); its summary then names the choice.
    const setting = admin.locator('.settings-panel summary');
    await expect(setting).toHaveText('After a failed delivery');
    await setting.click();
    await expect(setting).toHaveText('After a failed delivery: another try the next day');
    await admin.getByLabel("What the subscriber's e-mail says happens next").selectOption({ label: 'Pick up at the studio' });
    await expect(setting).toHaveText('After a failed delivery: pick up at the studio');
    expect(await (await request.get('/api/site-settings/failed-delivery', { headers })).json()).toEqual({ nextStep: 'pickup-at-studio' });
    await admin.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await admin.getByLabel("What the subscriber's e-mail says happens next").selectOption({ label: 'Another try the next day' });
    await expect(setting).toHaveText('After a failed delivery: another try the next day');
    await admin.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await setting.click();
    const summary = admin.getByRole('region', { name: 'The day at a glance' });
    const summaryNow = async () => (await request.get(`/api/day-summary?month=${work.month}`, { headers })).json();
    const before = (await summaryNow()).couldNotDeliver as number;

    // Out for delivery by the pill, then Could not deliver from the row.
    await admin.getByRole('searchbox').fill(name);
    const row = rowOf(admin, name);
    await row.getByRole('button', { name: /^Not Started/ }).click();
    await expect(row.getByRole('button', { name: /^Out For Delivery/ })).toBeVisible();
    await row.getByRole('button', { name: `Could not deliver to ${name}` }).click();
    await admin
      .getByRole('dialog', { name: `Could not deliver: ${name}` })
      .getByRole('button', { name: 'No safe place to leave the flowers' })
      .click();
    await admin
      .getByRole('dialog', { name: /^No safe place/ })
      .getByRole('button', { name: 'Send without a photo' })
      .click();
    await expect(row.getByText('Could not deliver: no safe place')).toBeVisible();
    // The table keeps to the laptop's width with the note in it.
    expect(await admin.evaluate(() => document.querySelector('.deliveries-table')!.getBoundingClientRect().right)).toBeLessThanOrEqual(
      1366,
    );

    // Counted apart: "Could not deliver" beside the others; on the day itself nothing is "not delivered".
    await expect(summary.getByText(/^\d+ Could not deliver$/)).toHaveText(`${before + 1} Could not deliver`, LIVE);
    await expect(summary.getByRole('button', { name: /Not delivered$/ })).toHaveCount(0);
    expect(await summaryNow()).toMatchObject({ couldNotDeliver: before + 1, notDelivered: 0 });
    await admin.screenshot({ path: path.join(SCREENSHOTS, 'could-not-deliver-dashboard-1366.png') });
    expect(await axeViolations(admin)).toEqual([]);

    // Rescheduled to the next day: Not started again, the new day shown, the count back down.
    await row.getByRole('button', { name: `Reschedule ${name}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Reschedule ${name}` });
    await expect(dialog.getByLabel('New day')).toHaveValue(addDays(work.date, 1));
    // A day before the delivery day is refused in the dialog and changes nothing.
    await dialog.getByLabel('New day').fill(addDays(work.date, -1));
    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(`Choose a day after the delivery day (${formatDeliveryDate(work.date)}).`);
    await admin.screenshot({ path: path.join(SCREENSHOTS, 'reschedule-dialog-1366.png') });
    expect(await axeViolations(admin)).toEqual([]);
    await dialog.getByLabel('New day').fill(addDays(work.date, 1));
    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByText(`Moved to ${formatDeliveryDate(addDays(work.date, 1))}`)).toBeVisible();
    await expect(row.getByRole('button', { name: /^Not Started/ })).toBeVisible();
    await expect.poll(async () => (await summaryNow()).couldNotDeliver).toBe(before);
    await admin.screenshot({ path: path.join(SCREENSHOTS, 'rescheduled-dashboard-1366.png') });

    // The subscription's history records both.
    const history = await (await request.get(`/api/subscriptions/${stop.id}/history`, { headers })).json();
    const changes = history.events
      .filter((event: { kind: string }) => event.kind === 'change')
      .map((event: { change: string }) => event.change);
    expect(changes).toEqual(expect.arrayContaining(['delivery-failed', 'delivery-rescheduled']));
  } finally {
    await moveClock(request, headers, null);
    await laptop.close();
  }
});

test('a driver at 1280 px marks a stop Could not deliver from the My Deliveries table; the forecast counts it, at 1280 px and 390 px', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const laptop = await browser.newContext(LAPTOP);
  const driver = await laptop.newPage();
  const driverEmail = `nell-${Date.now()}@blooms.example`;
  const headers = { Authorization: `Bearer ${await idTokenFor(ADMIN_EMAIL)}` };
  const [work] = await workAndNext(request, headers);
  await moveClock(request, headers, work.date);
  try {
    const adminSide = await browser.newContext(LAPTOP);
    await addStaffMember(await adminSide.newPage(), 'Nell Driver', driverEmail);
    await adminSide.close();
    const stop = await assignOneStop(request, headers, work.month, driverEmail);
    const name = `${stop.firstName} ${stop.lastName}`;
    // Out for delivery already (from the phone, say): the table acts only on a stop that is out.
    const out = await request.post('/api/deliveries/status', {
      headers: { Authorization: `Bearer ${await idTokenFor(driverEmail)}` },
      data: { subscriptionId: stop.id, month: work.month, expectedStatus: 'not-started' },
    });
    expect(out.ok()).toBe(true);

    await signInAsStaff(driver, driverEmail, 'my-deliveries');
    await expect(driver.locator('.month-navigator__label')).toHaveText(formatMonth(work.month));
    const row = rowOf(driver, name);
    await expect(row.getByRole('button', { name: /^Out For Delivery/ })).toBeVisible();
    await driver.screenshot({ path: path.join(SCREENSHOTS, 'could-not-deliver-my-deliveries-out-1280.png') });
    expect(await axeViolations(driver)).toEqual([]);
    await row.getByRole('button', { name: `Could not deliver to ${name}` }).click();
    await driver
      .getByRole('dialog', { name: `Could not deliver: ${name}` })
      .getByRole('button', { name: 'The delivery was refused' })
      .click();
    await driver
      .getByRole('dialog', { name: /^The delivery was refused/ })
      .getByRole('button', { name: 'Send without a photo' })
      .click();
    await expect(row.getByText('Could not deliver: refused')).toBeVisible();
    await expect(row.getByRole('button', { name: `Could not deliver to ${name}` })).toHaveCount(0);
    // Moving the stop to another day is the dispatcher's, on the dashboard.
    await expect(row.getByRole('button', { name: `Reschedule ${name}` })).toHaveCount(0);
    expect(await driver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await row.scrollIntoViewIfNeeded();
    await driver.screenshot({ path: path.join(SCREENSHOTS, 'could-not-deliver-my-deliveries-1280.png') });
    expect(await axeViolations(driver)).toEqual([]);
    // Reached the server: it is there after a reload.
    await driver.reload();
    await expect(rowOf(driver, name).getByText('Could not deliver: refused')).toBeVisible();

    // The forecast: the day's arrangements say how many could not be delivered and go out again.
    await driver.goto('/forecast');
    const today = driver.getByRole('row').filter({ has: driver.getByRole('rowheader', { name: formatDeliveryDate(work.date) }) });
    await expect(today.getByRole('cell').first()).toContainText(/^\d+ \(\d+ could not deliver, to take out again\)$/);
    await driver.screenshot({ path: path.join(SCREENSHOTS, 'forecast-could-not-deliver-1280.png') });
    expect(await axeViolations(driver)).toEqual([]);
    await driver.setViewportSize({ width: 390, height: 844 });
    await expect(today.getByRole('cell').first()).toContainText('could not deliver, to take out again');
    expect(await driver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await driver.screenshot({ path: path.join(SCREENSHOTS, 'forecast-could-not-deliver-390.png') });
    expect(await axeViolations(driver)).toEqual([]);
  } finally {
    await moveClock(request, headers, null);
    await laptop.close();
  }
});
