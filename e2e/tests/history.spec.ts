import path from 'node:path';
import { type APIRequestContext } from '@playwright/test';
import { studioToday, expect, test } from '../support/test';
import { addMonths, formatMonth } from '@blooms/shared/contract/months';
import { defaultDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { ADMIN_EMAIL, idTokenFor, signInAsStaff } from '../support/session';

// A real 1x1 PNG: the browser decodes it and the server checks its bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');

/** The first month whose usual delivery day is still to come: a new yearly subscription's first delivery. */
function firstDeliveryMonth() {
  const today = studioToday();
  let month = today.slice(0, 7);
  while (defaultDeliveryDate(month) <= today) month = addMonths(month, 1);
  return month;
}

/** Hazel subscribes on the test checkout, skips a month from her account, and her next stop is left at the door with a photo. */
async function aSubscriptionWithAPast(request: APIRequestContext, email: string) {
  const started = await request.post('/api/createCheckoutSession', {
    data: {
      data: {
        email,
        first_name: 'Hazel',
        last_name: 'Timeline',
        phone: '8015550142',
        address: '42 S Main St',
        unit: '',
        city: 'Provo',
        state: 'UT',
        zip: '84601',
        notes: '',
        plan: 'yearly',
        months: 'all',
        sub_id: `hazel-${Date.now()}`,
      },
    },
  });
  const { sessionId } = (await started.json()).result;
  expect((await request.post(`/checkout/test/${sessionId}/pay`, { form: {}, maxRedirects: 0 })).status()).toBe(303);

  const first = firstDeliveryMonth();
  const delivered = addMonths(first, 1);
  const admin = { Authorization: `Bearer ${await idTokenFor(ADMIN_EMAIL)}` };
  const rows = (
    await (await request.get(`/api/subscriptions?month=${delivered}&q=${encodeURIComponent(email)}`, { headers: admin })).json()
  ).rows as { id: string }[];
  const id = rows[0]!.id;
  const hazel = { Authorization: `Bearer ${await idTokenFor(email)}` };
  expect((await request.put(`/api/account/subscriptions/${id}/skips/${addMonths(first, 3)}`, { headers: hazel })).status()).toBe(200);
  expect(
    (
      await request.post('/api/deliveries/assign', {
        headers: admin,
        data: { month: delivered, subscriptionIds: [id], assigneeEmail: ADMIN_EMAIL },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await request.post('/api/deliveries/status', {
        headers: admin,
        data: { subscriptionId: id, month: delivered, expectedStatus: 'not-started' },
      })
    ).status(),
  ).toBe(200);
  const proof = await request.post('/api/deliveries/proof', {
    headers: admin,
    multipart: { subscriptionId: id, month: delivered, method: 'door', photo: { name: 'door.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(proof.status()).toBe(200);
  return { first, delivered, skipped: addMonths(first, 3) };
}

test("an admin reads a subscription's history from the dashboard, on a laptop and on a phone", async ({ page, request }) => {
  const email = `hazel-${Date.now()}@example.com`;
  const { first, delivered, skipped } = await aSubscriptionWithAPast(request, email);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsStaff(page, ADMIN_EMAIL);
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await expect(page.getByRole('table').getByRole('rowheader')).toHaveText(['Hazel Timeline']);
  await page.getByRole('link', { name: 'History of Hazel Timeline' }).click();

  await expect(page).toHaveURL(/\/subscription-history\?id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('History of Hazel Timeline');
  const events = page.getByRole('list', { name: 'Events, newest first' }).getByRole('listitem');
  await expect(events.locator('.history__title')).toHaveText([
    `E-mail: Your ${formatMonth(delivered)} flowers are at the door`,
    `${formatMonth(delivered)} delivery: Delivered: left at the door, with a photo`,
    'E-mail: Your Monthly Blooms flowers are on the way',
    `${formatMonth(delivered)} delivery: Not Started to Out For Delivery`,
    `${formatMonth(delivered)} delivery: Assigned to ${ADMIN_EMAIL}`,
    /^E-mail: /,
    `Skipped ${formatMonth(skipped)}`,
    /^E-mail: Your Monthly Blooms receipt R-\d+: \$99$/,
    'E-mail: Your Monthly Blooms subscription is confirmed',
    `Paid $99 for ${formatMonth(first)}`,
    'Subscribed to the Yearly plan',
  ]);
  await expect(events.filter({ hasText: `Skipped ${formatMonth(skipped)}` })).toContainText(`by ${email}`);
  await expect(events.filter({ hasText: 'left at the door' })).toContainText(`by ${ADMIN_EMAIL}`);
  await expect(events.filter({ hasText: 'E-mail: Your Monthly Blooms subscription is confirmed' })).toHaveCount(1);
  await expect(events.filter({ hasText: `Paid $99 for ${formatMonth(first)}` })).toContainText('At checkout');
  const photo = page.getByRole('img', { name: `Door photo of the ${formatMonth(delivered)} delivery` });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'history-1280.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(photo).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBe(0);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'history-390.png'), fullPage: true });

  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
