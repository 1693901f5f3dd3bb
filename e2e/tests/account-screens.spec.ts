import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { calendarMonth, expect, test } from '../support/test';
import { ACCOUNT_DONE } from '@blooms/shared/contract/messages';
import { defaultDeliveryDate, formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths, formatMonth, monthNameOf } from '@blooms/shared/contract/months';
import { signInToAccount, subscribeByApi } from '../support/account';
import { waitForHydration } from '../support/hydration';

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');
const WIDTHS = [320, 390, 1280];

async function violationsOn(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Nothing on the page is wider than the window: no sideways scrolling, nothing cut off. */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test('the account is one tap away: the header, the phone menu, the footer and /login lead to it', async ({ page }) => {
  // 1101 px: the narrowest window with the full header for visitors.
  for (const width of [...WIDTHS, 1101]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/how-it-works');
    await waitForHydration(page);
    const menu = page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) await menu.click();
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My subscription' });
    await expect(link).toBeInViewport();
    await page.screenshot({ path: path.join(SCREENSHOTS, `account-link-header-${width}.png`) });
    expect(await overflow(page), `the header fits at ${width} px`).toBeLessThanOrEqual(0);
    await link.click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  }
  await expect(page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'My subscription' })).toHaveAttribute(
    'href',
    '/account',
  );
  await page.goto('/login');
  await page.getByRole('main').getByRole('link', { name: 'My subscription' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('the sign-in page: asking, then only "check your inbox" with the address masked, resend after 30 s; a refusal at the field goes when it is edited; axe finds nothing in each state', async ({
  page,
}) => {
  const found: Record<string, string[]> = {};
  await page.clock.install();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/account');
  await waitForHydration(page);
  const email = page.getByLabel('Email');
  await email.fill('juniper');
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter the e-mail address you subscribed with.');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  found['refused'] = await violationsOn(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'account-sign-in-error-390.png') });
  await email.pressSequentially('@example.com');
  await expect(page.getByRole('alert')).toHaveCount(0);
  found['asking'] = await violationsOn(page);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  const sent = page.getByRole('heading', { name: 'Check your inbox' });
  await expect(sent).toBeVisible();
  await expect(page.getByText(/^Check your inbox at j\.\.\.@example\.com\./)).toContainText('it can take a minute');
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  const again = page.getByRole('button', { name: 'Send the link again' });
  await expect(again).toBeDisabled();
  found['sent'] = await violationsOn(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `account-sign-in-sent-${width}.png`) });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  }
  await page.clock.runFor(30_000);
  await expect(again).toBeEnabled();
  await again.click();
  await expect(page.getByRole('heading', { name: 'We sent the link again' })).toBeVisible();
  expect(found).toEqual({ refused: [], asking: [], sent: [] });
});

test('the account from 320 px up: a card per coming month with its action in view, the rest folded, answers beside the card, keyboard only; axe finds nothing', async ({
  page,
  request,
}) => {
  const email = `juniper.${Date.now()}@example.com`;
  const thisMonth = calendarMonth();
  // Two months a few months out: both open to changes; the others fold into one line.
  const [first, second] = [addMonths(thisMonth, 2), addMonths(thisMonth, 4)];
  await subscribeByApi(request, email, [monthNameOf(first), monthNameOf(second)]);
  await signInToAccount(page, email);
  const coming = page.getByRole('region', { name: 'Coming deliveries' });
  await expect(coming.getByRole('article')).toHaveCount(2);
  await expect(coming.getByText(/^Not in your plan:/)).toContainText(monthNameOf(addMonths(thisMonth, 3)));

  // The first month was paid at checkout; the second is charged once it can no longer be skipped.
  await expect(coming.getByRole('article', { name: formatMonth(first) })).toContainText(
    `Delivery${formatDeliveryDate(defaultDeliveryDate(first))}StatusDeliveringChargePaid`,
  );
  await expect(coming.getByRole('article', { name: formatMonth(second) })).toContainText(
    `Delivery${formatDeliveryDate(defaultDeliveryDate(second))}StatusDeliveringCharge$99.00 on`,
  );

  const found: Record<string, string[]> = {};
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    expect(await overflow(page), `nothing wider than ${width} px`).toBeLessThanOrEqual(0);
    const card = coming.getByRole('article', { name: formatMonth(first) });
    const skip = card.getByRole('button', { name: `Skip ${formatMonth(first)}` });
    await skip.scrollIntoViewIfNeeded();
    await expect(skip).toBeInViewport({ ratio: 1 });
    await expect(card).toContainText(`Delivery${formatDeliveryDate(defaultDeliveryDate(first))}StatusDelivering`);
    await page.screenshot({ path: path.join(SCREENSHOTS, `account-cards-${width}.png`), fullPage: width !== 1280 });

    // Keyboard only: focus the Skip button, press Enter; the answer is beside the card, the focus stays.
    await skip.focus();
    await page.keyboard.press('Enter');
    const answer = card.getByText(ACCOUNT_DONE.skipped(formatMonth(first), formatDeliveryDate(defaultDeliveryDate(first))));
    await expect(answer).toBeInViewport();
    await expect(card.locator('[aria-live="polite"]')).toContainText('You skipped');
    await expect(card.getByRole('button', { name: `Bring back ${formatMonth(first)}` })).toBeFocused();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, `account-answer-${width}.png`) });
    found[`answered at ${width} px`] = await violationsOn(page);
    // Undo, by keyboard too.
    await page.keyboard.press('Tab');
    await expect(card.getByRole('button', { name: 'Undo' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card.getByText(ACCOUNT_DONE.undone)).toBeVisible();
    await expect(card).toContainText('StatusDelivering');
  }
  // Cancelling asks why; away for a while, a pause is offered instead.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByRole('group', { name: 'Cancelling', exact: true })).toBeFocused();
  found['cancel: why'] = await violationsOn(page);
  await page.getByRole('radio', { name: 'I will be away for a while' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: /^Pause .* instead$/ })).toBeInViewport();
  found['cancel: offer'] = await violationsOn(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'account-cancel-offer-390.png') });
  await page.getByRole('button', { name: 'No thanks, cancel' }).click();
  await expect(page.getByRole('group', { name: 'Confirm cancelling' })).toContainText('Your last delivery would be');
  found['cancel: confirm'] = await violationsOn(page);
  await page.getByRole('button', { name: 'Keep it' }).click();
  expect(found).toEqual(Object.fromEntries(Object.keys(found).map((state) => [state, []])));
});
