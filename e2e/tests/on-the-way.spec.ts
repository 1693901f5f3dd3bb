import path from 'node:path';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/test';
import { moveClock, workAndNext } from '../support/test-clock';
import { mailsTo } from '../support/outbox';
import { ADMIN_EMAIL, idTokenFor, signInAsStaff } from '../support/session';
import { addStaffMember, leaveAtDoor, type ListedStop } from '../support/staff';
import { LAPTOP, PHONE } from '../support/devices';
import { subscribeByApi } from '../support/account';
import { addDays } from '@blooms/shared/contract/delivery-dates';

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');
/** The tracking page asks again every 30 seconds. */
const NEXT_REFRESH = { timeout: 45_000 };

test('on the delivery day a driver starts their route, the subscriber is e-mailed a tracking link, and the page counts down to the door photo', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const headers = { Authorization: `Bearer ${await idTokenFor(ADMIN_EMAIL)}` };
  const [work] = await workAndNext(request, headers);
  const laptop = await browser.newContext(LAPTOP);
  const phone = await browser.newContext(PHONE);
  const [admin, driver] = await Promise.all([laptop.newPage(), phone.newPage()]);
  const driverEmail = `tess-${Date.now()}@blooms.example`;
  try {
    // Two subscribers of its own, made the day before so that this day is their first: a stop
    // another journey on the stack sent out, even if set back since, has had its one on-the-way e-mail.
    await moveClock(request, headers, addDays(work.date, -1));
    const stamp = Date.now().toString(36);
    const emails = [`otto-${stamp}@example.com`, `pia-${stamp}@example.com`];
    await subscribeByApi(request, emails[0]!, 'all', 'Otto', `Way${stamp}a`);
    await subscribeByApi(request, emails[1]!, 'all', 'Pia', `Way${stamp}b`);
    // The server's clock on the delivery day itself.
    await moveClock(request, headers, work.date);
    await addStaffMember(admin, 'Tess Driver', driverEmail);

    // Their deliveries, not started yet, go to the new driver, in this route order.
    const { rows } = (await (await request.get(`/api/subscriptions?month=${work.month}&limit=200`, { headers })).json()) as {
      rows: ListedStop[];
    };
    const two = emails.map((email) => rows.find((row) => row.email === email && row.delivery.scheduled)!);
    expect(two.map((row) => row?.delivery.status)).toEqual(['not-started', 'not-started']);
    const [first, second] = two as [ListedStop, ListedStop];
    const assigned = await request.post('/api/deliveries/assign', {
      headers,
      data: { month: work.month, subscriptionIds: [first.id, second.id], assigneeEmail: driverEmail },
    });
    expect(assigned.ok()).toBe(true);
    const driverHeaders = { Authorization: `Bearer ${await idTokenFor(driverEmail)}` };
    const ordered = await request.put('/api/my-deliveries/order', {
      headers: driverHeaders,
      data: { month: work.month, subscriptionIds: [first.id, second.id] },
    });
    expect(ordered.ok()).toBe(true);
    const nameOf = (row: ListedStop) => `${row.firstName} ${row.lastName}`;

    // On the phone: Start my route sends both stops out at once.
    await signInAsStaff(driver, driverEmail, 'my-deliveries');
    const stops = driver.getByRole('list', { name: /in route order/ }).getByRole('listitem');
    await expect(stops).toHaveCount(2);
    const start = driver.getByRole('button', { name: 'Start my route' });
    await expect(start).toBeVisible();
    await expectNoAxeViolations(driver);
    await driver.screenshot({ path: path.join(SCREENSHOTS, 'start-my-route-390.png') });
    // Other journeys may have sent this address an on-the-way e-mail of another stop already.
    const onTheWayMails = () => mailsTo(second.email).filter((mail) => mail.includes('flowers are on the way'));
    const mailedBefore = onTheWayMails();
    await start.click();
    await expect(driver.getByRole('status').filter({ hasText: 'Your route has started: 2 stops out for delivery.' })).toBeVisible();
    await expect(start).toHaveCount(0);
    await expect(stops.nth(0).getByRole('button', { name: `Delivered to ${nameOf(first)}` })).toBeVisible();
    await driver.screenshot({ path: path.join(SCREENSHOTS, 'start-my-route-started-390.png') });

    // The second subscriber's e-mail: the day, the driver and the tracking link.
    const newMails = () => onTheWayMails().filter((mail) => !mailedBefore.includes(mail));
    await expect.poll(() => newMails().length, { timeout: 20_000 }).toBe(1);
    const [mail] = newMails() as [string];
    expect(mail).toContain('Tess has set out with your flowers today.');
    const link = /Track your delivery: (\S+)/.exec(mail)![1]!;
    const trackPath = `${new URL(link).pathname}${new URL(link).search}`;
    expect(trackPath).toMatch(/^\/track\?t=[A-Za-z0-9_-]{22}$/);

    // The subscriber's phone: one stop before theirs, an estimate that promises nothing yet.
    const subscriberPhone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const tracking = await subscriberPhone.newPage();
    await tracking.goto(trackPath);
    await expect(tracking.getByRole('heading', { level: 1, name: 'Track your delivery' })).toBeVisible();
    const said = tracking.getByRole('status');
    await expect(said).toHaveText('Tess is on the way with your flowers. 1 stop before yours.');
    await expect(tracking.getByText(/only a rough guide, not a promise/)).toBeVisible();
    await expect(tracking.getByText(first.lastName)).toHaveCount(0);
    expect(await tracking.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(tracking);
    await tracking.screenshot({ path: path.join(SCREENSHOTS, 'track-on-the-way-390.png'), fullPage: true });
    // The smallest phones too: nothing wider than 320 px.
    await tracking.setViewportSize({ width: 320, height: 640 });
    expect(await tracking.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await tracking.screenshot({ path: path.join(SCREENSHOTS, 'track-on-the-way-320.png') });
    await tracking.setViewportSize({ width: 390, height: 844 });

    // The earlier stop is handed over: the page, left open, counts down by itself.
    await driver.getByRole('button', { name: `Delivered to ${nameOf(first)}` }).click();
    await driver
      .getByRole('dialog', { name: /^Delivered: / })
      .getByRole('button', { name: 'Hand Delivered' })
      .click();
    await expect(said).toHaveText('Tess is on the way with your flowers. Your stop is next.', NEXT_REFRESH);
    await expect(tracking.getByText(/estimate from your driver's pace so far today/)).toBeVisible();

    // Their own stop left at the door with a photo: the time it came, and the photo.
    // A delivered stop moves down the list: the next one is found by its name.
    await driver.getByRole('button', { name: `Delivered to ${nameOf(second)}` }).click();
    await leaveAtDoor(driver);
    await expect(said).toHaveText(/^Delivered at \d{1,2}:\d\d [AP]M\.$/, NEXT_REFRESH);
    const photo = tracking.getByRole('img', { name: 'Your flowers at the door, as the driver left them' });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectNoAxeViolations(tracking);
    await tracking.screenshot({ path: path.join(SCREENSHOTS, 'track-delivered-390.png'), fullPage: true });

    // The same link on a laptop.
    const desk = await laptop.newPage();
    await desk.goto(trackPath);
    await expect(desk.getByRole('status')).toHaveText(/^Delivered at /);
    await expect(desk.getByRole('img', { name: /at the door/ })).toBeVisible();
    await expectNoAxeViolations(desk);
    await desk.screenshot({ path: path.join(SCREENSHOTS, 'track-delivered-1280.png'), fullPage: true });

    // The day after, the link has expired; a made-up one reads the same.
    await moveClock(request, headers, addDays(work.date, 1));
    await tracking.goto(trackPath);
    await expect(tracking.getByRole('alert')).toHaveText(/^This tracking link has expired or is not valid\./);
    await tracking.goto('/track?t=AAAAAAAAAAAAAAAAAAAAAA');
    await expect(tracking.getByRole('alert')).toHaveText(/^This tracking link has expired or is not valid\./);
    await expectNoAxeViolations(tracking);
    await tracking.screenshot({ path: path.join(SCREENSHOTS, 'track-expired-390.png') });
    await subscriberPhone.close();
  } finally {
    await moveClock(request, headers, null);
    await Promise.all([laptop.close(), phone.close()]);
  }
});
