import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { MISSING_FIELD_MESSAGES, SUBSCRIBE_MESSAGES } from '@blooms/shared/contract/messages';
import { holdApp, waitForHydration } from '../support/hydration';
import { axeViolations } from '../support/axe';

const shot = (name: string) => path.join(__dirname, '..', 'artifacts', 'screenshots', `${name}.png`);
const subscribeButton = (page: Page) => page.getByRole('button', { name: /^Subscribe for \$99\/month/ });

for (const width of [320, 390, 1280]) {
  test(`at ${width} px a refused form marks every field at fault, the cursor lands in the first, and each mark clears as it is put right`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/subscribe');
    await waitForHydration(page);
    await page.getByLabel('Last name').fill('Carter');
    await page.getByLabel('Email', { exact: true }).fill('june@example');
    await page.getByLabel('ZIP code').fill('84101');
    await expect(page.getByLabel('City')).toHaveValue('Salt Lake City');
    await subscribeButton(page).click();

    // The spec's popup, as it was: one message, the first missing field.
    const popup = page.getByRole('alertdialog', { name: 'Warning' });
    await expect(popup).toHaveAccessibleDescription(SUBSCRIBE_MESSAGES.missingField('FirstName'));
    // Under it, every field at fault is marked, each with its own words.
    const marked = {
      'First name': MISSING_FIELD_MESSAGES.firstName,
      Email: SUBSCRIBE_MESSAGES.invalidEmail,
      Phone: MISSING_FIELD_MESSAGES.phone,
      'Street address': MISSING_FIELD_MESSAGES.address,
    };
    for (const [label, message] of Object.entries(marked)) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(message);
    }
    for (const label of ['Last name', 'City', 'ZIP code'])
      await expect(page.getByLabel(label, { exact: true })).not.toHaveAttribute('aria-invalid');
    expect(await axeViolations(page), 'axe, with the popup open over the marked fields').toEqual([]);

    await page.keyboard.press('Enter');
    await expect(popup).toBeHidden();
    const firstName = page.getByLabel('First name');
    await expect(firstName).toBeFocused();
    await expect(firstName).toBeInViewport();
    for (const message of Object.values(marked)) await expect(page.getByText(message)).toBeVisible();
    expect(await axeViolations(page), 'axe, with the fields marked').toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot(`subscribe-marked-${width}`) });

    // Typing puts each right, and its mark goes as it does.
    await page.keyboard.type('June');
    await expect(firstName).not.toHaveAttribute('aria-invalid');
    await expect(page.getByText(MISSING_FIELD_MESSAGES.firstName)).toHaveCount(0);
    await page.getByLabel('Email', { exact: true }).fill('june@example.com');
    await expect(page.getByText(SUBSCRIBE_MESSAGES.invalidEmail)).toHaveCount(0);
    await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Phone').fill('801-555-0199');
    await page.getByLabel('Street address').fill('350 S 200 E');
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  });
}

for (const width of [320, 390]) {
  test(`at ${width} px the first delivery day and what is due today sit right above Subscribe`, async ({ page }) => {
    await page.setViewportSize({ width, height: 760 });
    await page.goto('/subscribe');
    await waitForHydration(page);
    const glance = page.getByRole('region', { name: 'Before you subscribe' });
    await expect(glance.locator('dt', { hasText: 'First delivery' }).locator('+ dd')).toHaveText(/^\w+day, \w+ \d+ \(\w+ \d{4}\)$/);
    await expect(glance).toContainText('Due today$99, for your first delivery.');
    const button = subscribeButton(page);
    await button.scrollIntoViewIfNeeded();
    await expect(glance).toBeInViewport({ ratio: 1 });
    const glanceBox = (await glance.boundingBox())!;
    const buttonBox = (await button.boundingBox())!;
    expect(glanceBox.y + glanceBox.height).toBeLessThanOrEqual(buttonBox.y);
    expect(buttonBox.y - (glanceBox.y + glanceBox.height)).toBeLessThan(40);
    // The full order still follows the form.
    const order = (await page.getByRole('region', { name: 'Your order' }).boundingBox())!;
    expect(order.y).toBeGreaterThan(buttonBox.y);
    await page.screenshot({ path: shot(`subscribe-glance-${width}`) });
  });
}

test('at 1280 px the order stays beside the form, so nothing is repeated above Subscribe', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/subscribe');
  await waitForHydration(page);
  await expect(page.getByRole('region', { name: 'Before you subscribe' })).toBeHidden();
  const form = (await page.locator('form.subscribe-form').boundingBox())!;
  const order = page.getByRole('region', { name: 'Your order' });
  const box = (await order.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(form.x + form.width);
  expect(box.y).toBeLessThan(form.y + 100);
  await expect(order).toContainText('Due today');
  await page.screenshot({ path: shot('subscribe-1280'), fullPage: true });
});

test('a custom plan with no month marks the months, and the cursor lands on January', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/subscribe');
  await waitForHydration(page);
  for (const [label, value] of [
    ['First name', 'Ann'],
    ['Last name', 'Lee'],
    ['Email', 'ann.months@example.com'],
    ['Phone', '801-555-0100'],
    ['Street address', '1 Main St'],
    ['ZIP code', '84101'],
  ] as const) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole('radio', { name: /Custom/ }).check();
  for (const box of await page.locator('input[name="months"]').all()) await box.uncheck();
  await subscribeButton(page).click();
  await expect(page.getByRole('alertdialog')).toHaveAccessibleDescription(SUBSCRIBE_MESSAGES.noMonths);
  await page.getByRole('button', { name: 'Close' }).click();
  const january = page.getByRole('checkbox', { name: 'January' });
  await expect(january).toBeFocused();
  await expect(january).toHaveAccessibleDescription(SUBSCRIBE_MESSAGES.noMonths);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: shot('subscribe-no-months-390') });
  await page.keyboard.press('Space');
  await expect(page.getByText(SUBSCRIBE_MESSAGES.noMonths)).toHaveCount(0);
});

test('Subscribe pressed before the app has loaded is answered once it has: popup, marks and the cursor alike', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdApp(page);
  await page.goto('/subscribe');
  await page.getByLabel('First name').fill('Early');
  await subscribeButton(page).click();
  await release();
  const popup = page.getByRole('alertdialog', { name: 'Warning' });
  await expect(popup).toHaveAccessibleDescription(SUBSCRIBE_MESSAGES.missingField('LastName'));
  await expect(page.getByLabel('First name')).toHaveValue('Early');
  await expect(page.getByLabel('First name')).not.toHaveAttribute('aria-invalid');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByLabel('Last name')).toBeFocused();
  await expect(page.getByLabel('Last name')).toHaveAccessibleDescription(MISSING_FIELD_MESSAGES.lastName);
});
