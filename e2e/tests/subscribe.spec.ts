import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/test';
import { ADMIN_EMAIL, signInAsStaff } from '../support/session';
import { waitForHydration } from '../support/hydration';

const outbox = () => path.join(process.env.E2E_DATA_DIR!, 'outbox');
const mailsTo = (email: string) =>
  fs.existsSync(outbox())
    ? fs
        .readdirSync(outbox())
        .map((file) => fs.readFileSync(path.join(outbox(), file), 'utf8').replace(/=\r?\n/g, ''))
        .filter((mail) => /^To: .*$/m.exec(mail)?.[0].includes(`<${email}>`))
    : [];

test('a visitor subscribes and pays; the e-mail goes out and an open dashboard shows the subscription', async ({ browser }) => {
  const staffContext = await browser.newContext();
  const visitorContext = await browser.newContext();
  const staff = await staffContext.newPage();
  const visitor = await visitorContext.newPage();
  const email = `june.${Date.now()}@example.com`;

  await signInAsStaff(staff, ADMIN_EMAIL);
  await expect(staff.getByRole('status').filter({ hasText: 'Live updates on' })).toBeVisible();

  await visitor.goto('/subscribe');
  await waitForHydration(visitor);
  await visitor.getByLabel('First name').fill('June');
  await visitor.getByLabel('Last name').fill('Carter');
  await visitor.getByLabel('Email', { exact: true }).fill(email);
  await visitor.getByLabel('Phone').fill('801-555-0199');
  await visitor.getByLabel('Street address').fill('350 S 200 E');
  await visitor.getByLabel('ZIP code').fill('84101');
  await expect(visitor.getByText('Great! We deliver to your area ✓')).toBeVisible();
  await expect(visitor.getByLabel('City')).toHaveValue('Salt Lake City');
  await visitor.getByRole('radio', { name: /Custom/ }).check();
  for (const month of ['February', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']) {
    await visitor.getByRole('checkbox', { name: month }).uncheck();
  }
  // Beside the form, the order as it stands, with the first delivery day the server gives.
  const summary = visitor.getByRole('region', { name: 'Your order' });
  await expect(summary).toContainText('January, March');
  await expect(summary).toContainText('350 S 200 E, Salt Lake City, UT 84101');
  await expect(summary).toContainText('$99, for your first delivery.');
  const firstDelivery = summary.locator('dt', { hasText: 'First delivery' }).locator('+ dd');
  await expect(firstDelivery).toHaveText(
    /^(Thursday|Friday|Monday|Tuesday|Wednesday|Saturday|Sunday), (January|March) \d+ \((January|March) \d{4}\)$/,
  );
  const promised = await firstDelivery.innerText();
  await visitor.getByRole('button', { name: /^Subscribe for \$99\/month/ }).click();

  // The built-in test checkout stands in for the hosted payment page.
  await expect(visitor).toHaveURL(/\/checkout\/test\/cs_test_local_/);
  await expect(visitor.getByRole('note')).toContainText('TEST MODE');
  await expect(visitor.getByText('January, March')).toBeVisible();
  await visitor.getByRole('button', { name: 'Pay $99.00' }).click();

  await expect(visitor).toHaveURL(/\/confirmation\?session_id=cs_test_local_/);
  await expect(visitor.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
  const order = visitor.getByRole('region', { name: 'Your order' });
  await expect(order).toContainText('January, March');
  await expect(order).toContainText('350 S 200 E, Salt Lake City, UT 84101');
  await expect(order).toContainText(`First delivery${promised}`);
  await expect(order).toContainText('Test mode: no card was charged.');

  // The dashboard that was already open shows the new subscription, newest first, without a reload.
  await expect(staff.getByRole('rowheader').first()).toHaveText('June Carter');
  const row = staff.getByRole('row').filter({ has: staff.getByRole('rowheader', { name: 'June Carter' }) });
  await expect(row).toContainText(email);
  await expect(row).toContainText('84101');

  // The confirmation, and the receipt of the first payment.
  await expect.poll(() => mailsTo(email).length).toBe(2);
  const mail = mailsTo(email).find((m) => m.includes('Subject: Your Monthly Blooms subscription is confirmed'))!;
  expect(mail).toContain('Months: January, March');
  expect(mail).toContain('350 S 200 E');

  await staffContext.close();
  await visitorContext.close();
});

test('the confirmation page explains a missing session and an unpaid one', async ({ page, request }) => {
  await page.goto('/confirmation');
  await expect(page.getByRole('heading', { name: 'Subscription Not Confirmed' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Missing session ID in URL.');
  await expect(page.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/subscribe');

  const started = await request.post('/api/createCheckoutSession', {
    data: {
      data: {
        email: 'unpaid@example.com',
        first_name: 'Una',
        last_name: 'Paid',
        phone: '8015550123',
        address: '1 Main St',
        unit: '',
        city: 'Provo',
        state: 'UT',
        zip: '84604',
        notes: '',
        plan: 'yearly',
        months: 'all',
        sub_id: `unpaidexamplecom-${Date.now()}`,
      },
    },
  });
  expect(started.ok()).toBe(true);
  const { sessionId } = (await started.json()).result;
  await page.goto(`/confirmation?session_id=${sessionId}`);
  await expect(page.getByRole('alert')).toHaveText('Payment not completed. Please try again.');
});

test('cancelling at checkout comes back to the form as it was left, and a paid checkout forgets it', async ({ page }) => {
  await page.goto('/subscribe');
  await waitForHydration(page);
  await page.getByLabel('First name').fill('Rosa');
  await page.getByLabel('Last name').fill('Parks');
  await page.getByLabel('Email', { exact: true }).fill('rosa.cancel@example.com');
  await page.getByLabel('Phone').fill('801-555-0177');
  await page.getByLabel('Street address').fill('77 W 100 N');
  await page.getByLabel('ZIP code').fill('84601');
  await page.getByLabel('Delivery notes (optional)').fill('Side door, please');
  await page.getByRole('radio', { name: /Custom/ }).check();
  for (const month of ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October']) {
    await page.getByRole('checkbox', { name: month }).uncheck();
  }
  await page.getByRole('button', { name: /^Subscribe for \$99\/month/ }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/cs_test_local_/);

  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/subscribe?checkout=cancelled');
  await expect(
    page.getByRole('status').filter({ hasText: 'Checkout cancelled: nothing was charged. Your details are still here.' }),
  ).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Rosa');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('rosa.cancel@example.com');
  await expect(page.getByLabel('City')).toHaveValue('Provo');
  await expect(page.getByLabel('Delivery notes (optional)')).toHaveValue('Side door, please');
  await expect(page.getByRole('radio', { name: /Custom/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'November' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'March' })).not.toBeChecked();

  await page.getByRole('button', { name: /^Subscribe for \$99\/month/ }).click();
  await expect(page.getByText('November, December')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $99.00' }).click();
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
  await page.goto('/subscribe');
  await waitForHydration(page);
  await expect(page.getByLabel('First name')).toBeEnabled();
  await expect(page.getByLabel('First name')).toHaveValue('');
});

for (const [device, width, columns] of [
  ['phone', 390, 3],
  ['desktop', 1440, 6],
] as const) {
  test(`the Custom months are a ${columns}-column grid on a ${device}, summed up as they change`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/subscribe');
    await waitForHydration(page);
    await page.getByRole('radio', { name: /Custom/ }).check();
    const tiles = page.locator('.month-option');
    await expect(tiles).toHaveCount(12);
    const boxes = await tiles.evaluateAll((labels) =>
      labels.map((label) => label.getBoundingClientRect()).map((box) => ({ x: Math.round(box.x), y: Math.round(box.y) })),
    );
    expect(new Set(boxes.map((box) => box.x)).size, 'columns').toBe(columns);
    expect(new Set(boxes.map((box) => box.y)).size, 'rows').toBe(12 / columns);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    for (const month of ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September']) {
      await page.getByRole('checkbox', { name: month }).uncheck();
    }
    await expect(page.getByText('3 deliveries a year, $99 each')).toBeVisible();
  });

  test(`the order summary and the plan card sit ${device === 'phone' ? 'under' : 'beside'} the form on a ${device}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/subscribe');
    await waitForHydration(page);
    const form = (await page.locator('form.subscribe-form').boundingBox())!;
    const aside = page.getByRole('complementary', { name: 'Your order and the plan' });
    const order = (await aside.getByRole('region', { name: 'Your order' }).boundingBox())!;
    const card = (await aside.getByRole('region', { name: 'The plan' }).boundingBox())!;
    expect(card.y).toBeGreaterThan(order.y + order.height - 1);
    if (device === 'phone') expect(order.y).toBeGreaterThanOrEqual(form.y + form.height);
    else {
      expect(order.x).toBeGreaterThanOrEqual(form.x + form.width);
      expect(order.y).toBeLessThan(form.y + 100);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
}

/** The HTML part of a stored e-mail, decoded from quoted-printable. */
function htmlPartOf(raw: string): string {
  const part = /Content-Type: text\/html; charset=utf-8\r?\nContent-Transfer-Encoding: quoted-printable\r?\n\r?\n([\s\S]*?)\r?\n----_/.exec(
    raw,
  )?.[1];
  if (!part) throw new Error('no HTML part');
  const soft = part.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(soft.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

test('the confirmation e-mail reads well in a browser engine at phone and desktop widths', async ({ page }) => {
  const email = `mailcheck.${Date.now()}@example.com`;
  await page.goto('/subscribe');
  await waitForHydration(page);
  for (const [label, value] of [
    ['First name', 'Ivy'],
    ['Last name', 'Mailer'],
    ['Email', email],
    ['Phone', '801-555-0166'],
    ['Street address', '4 Oak Ave'],
    ['ZIP code', '84101'],
  ] as const) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole('button', { name: /^Subscribe for \$99\/month/ }).click();
  await page.getByRole('button', { name: 'Pay $99.00' }).click();
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
  await expect.poll(() => mailsTo(email).length).toBe(2);
  const file = fs
    .readdirSync(outbox())
    .map((name) => fs.readFileSync(path.join(outbox(), name), 'utf8'))
    .find((raw) => raw.includes(`<${email}>`) && raw.includes('Subject: Your Monthly Blooms subscription is confirmed'))!;
  const html = htmlPartOf(file);

  for (const width of [390, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.setContent(html);
    const card = page.locator('table[width="600"]');
    const box = (await card.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(Math.min(600, width));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    for (const text of [
      'Hi Ivy,',
      'Every month of the year',
      '4 Oak Ave, Salt Lake City, UT 84101',
      'First delivery',
      'Test mode: no card was charged.',
      'Skip, pause or cancel',
    ]) {
      await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    }
    await page.screenshot({
      path: path.join(__dirname, '..', 'artifacts', 'screenshots', `confirmation-email-${width}.png`),
      fullPage: true,
    });
  }
});

test('a gift: the buyer gets the receipt and the confirmation says for whom; drivers read the sender and card message', async ({
  browser,
}) => {
  const staffContext = await browser.newContext();
  const visitorContext = await browser.newContext();
  const [staff, visitor] = await Promise.all([staffContext.newPage(), visitorContext.newPage()]);
  const recipient = `gift.recipient.${Date.now()}@example.com`;
  const buyer = `gift.buyer.${Date.now()}@example.com`;
  await visitor.goto('/subscribe');
  await waitForHydration(visitor);
  for (const [label, value] of [
    ['First name', 'Linh'],
    ['Last name', 'Giftee'],
    ['Email', recipient],
    ['Phone', '801-555-0188'],
    ['Street address', '3301 S Highland Dr'],
    ['ZIP code', '84106'],
  ] as const) {
    await visitor.getByLabel(label, { exact: true }).fill(value);
  }
  await visitor.getByRole('checkbox', { name: 'This is a gift' }).check();
  await visitor.getByLabel('Your name').fill('Tom Giver');
  await visitor.getByLabel('Your email (for receipts)').fill(buyer);
  await visitor.getByLabel('Card message (optional)').fill('Happy birthday, Mom!');
  await visitor.getByRole('button', { name: /^Subscribe for \$99\/month/ }).click();
  await visitor.getByRole('button', { name: 'Pay $99.00' }).click();
  const order = visitor.getByRole('region', { name: 'Your order' });
  await expect(order).toContainText('A gift forLinh Giftee');
  await expect(order).toContainText('Card messageHappy birthday, Mom!');

  await expect.poll(() => mailsTo(buyer).length).toBe(2);
  expect(mailsTo(buyer).some((mail) => mail.includes('Thank you for your gift of Monthly Blooms to Linh Giftee!'))).toBe(true);
  expect(mailsTo(buyer).some((mail) => mail.includes('Paid with: Visa ending in 4242'))).toBe(true);
  expect(mailsTo(recipient)).toEqual([]);

  await signInAsStaff(staff, ADMIN_EMAIL);
  await staff.getByRole('searchbox', { name: 'Search' }).fill(recipient);
  const row = staff.getByRole('row').filter({ has: staff.getByRole('rowheader', { name: /Linh Giftee/ }) });
  await expect(
    row.getByRole('button', { name: /^Notes for Linh Giftee: Gift from Tom Giver\. Card: “Happy birthday, Mom!”/ }),
  ).toBeVisible();
  await staffContext.close();
  await visitorContext.close();
});
