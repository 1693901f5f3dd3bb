import path from 'node:path';
import { type Page } from '@playwright/test';
import { calendarMonth, expect, test } from '../support/test';
import { ACCOUNT_DONE } from '@blooms/shared/contract/messages';
import { defaultDeliveryDate, formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths, formatMonth, monthNameOf } from '@blooms/shared/contract/months';
import { signInToAccount, subscribeByApi } from '../support/account';
import { waitForHydration } from '../support/hydration';
import { axeViolations } from '../support/axe';

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');
const WIDTHS = [320, 390, 1280];

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
  found['refused'] = await axeViolations(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'account-sign-in-error-390.png') });
  await email.pressSequentially('@example.com');
  await expect(page.getByRole('alert')).toHaveCount(0);
  found['asking'] = await axeViolations(page);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  const sent = page.getByRole('heading', { name: 'Check your inbox' });
  await expect(sent).toBeVisible();
  await expect(page.getByText(/^Check your inbox at j\.\.\.@example\.com\./)).toContainText('it can take a minute');
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  const again = page.getByRole('button', { name: 'Send the link again' });
  await expect(again).toBeDisabled();
  found['sent'] = await axeViolations(page);
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

/** At once: the page scrolls smoothly otherwise, and a screenshot would catch it on the way. */
const scrollToTop = (page: Page) => page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));

/** Each heading of the account and how far down the page it is (px from the top). */
async function headingTops(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('main h1, main h2, main h3')].map((heading) => [
        heading.textContent,
        Math.round(heading.getBoundingClientRect().top + window.scrollY),
      ]),
    ),
  );
}

test('the account leads with the next delivery: its day, charge, skip, pause and address in the first screen, every section within three, each month a line that opens by keyboard, answers beside; axe finds nothing', async ({
  page,
  request,
}) => {
  const email = `juniper.${Date.now()}@example.com`;
  const thisMonth = calendarMonth();
  // Two months a few months out: both open to changes; the others fold into one line.
  const [first, second] = [addMonths(thisMonth, 2), addMonths(thisMonth, 4)];
  await subscribeByApi(request, email, [monthNameOf(first), monthNameOf(second)]);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToAccount(page, email);
  const [firstDay, secondDay] = [formatDeliveryDate(defaultDeliveryDate(first)), formatDeliveryDate(defaultDeliveryDate(second))];
  // The first month was paid at checkout; the second is charged once it can no longer be skipped.
  const lead = page.getByRole('region', { name: 'Next delivery' });
  await expect(lead).toContainText(
    `Next delivery${firstDay}FlowersYour ${formatMonth(first)} arrangementChargePaidYou can change it until`,
  );
  const coming = page.getByRole('region', { name: 'Coming deliveries' });
  await expect(coming.getByRole('listitem').getByRole('button')).toHaveText([
    `${formatMonth(first)} Delivering`,
    `${formatMonth(second)} Delivering`,
  ]);
  await expect(coming.getByRole('article')).toHaveCount(0);
  await expect(coming.getByText(/^Not in your plan:/)).toContainText(monthNameOf(addMonths(thisMonth, 3)));

  const skip = lead.getByRole('button', { name: `Skip ${formatMonth(first)}` });
  const pause = page.getByRole('button', { name: 'Pause', exact: true });
  const address = page.getByRole('button', { name: 'Change address' });
  const links = page.getByRole('list', { name: 'More of this subscription' }).getByRole('link');
  await expect(links).toHaveText(['Coming months', 'Payments and receipts', 'Cancel your subscription']);
  const found: Record<string, string[]> = {};
  await page.setViewportSize({ width: 320, height: 844 });
  expect(await overflow(page), 'nothing wider than 320 px').toBeLessThanOrEqual(0);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'account-320.png'), fullPage: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await scrollToTop(page);
    expect(await overflow(page), `nothing wider than ${width} px`).toBeLessThanOrEqual(0);
    // The first screen: the next delivery, what it costs, and its actions.
    for (const inView of [
      lead.getByText(firstDay),
      lead.getByText(/^(Paid|\$99\.00 on \w+day, \w+ \d+)$/),
      skip,
      pause,
      address,
      links.last(),
    ])
      await expect(inView).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `account-first-screen-${width}.png`) });
    // Nothing is more than three screens down.
    const tops = await headingTops(page);
    console.log(`${width} px, headings' tops:`, JSON.stringify(tops));
    for (const [heading, top] of Object.entries(tops)) expect(top, `${heading} at ${width} px`).toBeLessThan(3 * 844 - 40);
    expect(Object.keys(tops)).toEqual(expect.arrayContaining(['Coming deliveries', 'Payments', 'Cancel']));
    await page.screenshot({ path: path.join(SCREENSHOTS, `account-${width}.png`), fullPage: true });

    // Keyboard only: Skip from the lead; the answer takes the focus, Undo is the next Tab; the lead moves on meanwhile.
    await skip.focus();
    await page.keyboard.press('Enter');
    const answer = lead.getByText(ACCOUNT_DONE.skipped(formatMonth(first), firstDay));
    await expect(answer).toBeInViewport();
    await expect(answer.locator('xpath=..')).toBeFocused();
    // The first month's payment now pays for the second.
    await expect(lead).toContainText(`${secondDay}FlowersYour ${formatMonth(second)} arrangementChargePaid`);
    await expect(coming.getByRole('listitem').first().getByRole('button')).toHaveText(`${formatMonth(first)} Skipped`);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, `account-answer-${width}.png`) });
    found[`answered at ${width} px`] = await axeViolations(page);
    await page.keyboard.press('Tab');
    await expect(lead.getByRole('button', { name: 'Undo' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(lead.getByText(ACCOUNT_DONE.undone)).toBeVisible();
    await expect(lead).toContainText(`${firstDay}FlowersYour ${formatMonth(first)} arrangement`);

    // A month's line opens to its card by keyboard, and closes again.
    const line = coming.getByRole('button', { name: `${formatMonth(second)} Delivering` });
    await line.focus();
    await page.keyboard.press('Enter');
    await expect(line).toHaveAttribute('aria-expanded', 'true');
    const card = coming.getByRole('article', { name: formatMonth(second) });
    await expect(card).toContainText(`Delivery${secondDay}StatusDeliveringCharge`);
    await expect(card.getByRole('button', { name: `Skip ${formatMonth(second)}` })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, `account-month-open-${width}.png`) });
    found[`a month open at ${width} px`] = await axeViolations(page);
    await page.keyboard.press('Space');
    await expect(line).toHaveAttribute('aria-expanded', 'false');
    await expect(card).toBeHidden();

    // Pause and the address open in place, next to the lead.
    await scrollToTop(page);
    await address.click();
    await expect(page.getByLabel('ZIP code')).toBeVisible();
    await pause.click();
    await expect(page.getByRole('button', { name: 'Pause deliveries' })).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, `account-actions-open-${width}.png`) });
    found[`pause and address open at ${width} px`] = await axeViolations(page);
    await pause.click();
    await address.click();
    await expect(page.getByLabel('ZIP code')).toBeHidden();
  }
  // The links lead to their sections.
  await page.setViewportSize({ width: 390, height: 844 });
  await links.last().click();
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeInViewport();
  // Cancelling asks why; away for a while, a pause is offered instead.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByRole('group', { name: 'Cancelling', exact: true })).toBeFocused();
  found['cancel: why'] = await axeViolations(page);
  await page.getByRole('radio', { name: 'I will be away for a while' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: /^Pause .* instead$/ })).toBeInViewport();
  found['cancel: offer'] = await axeViolations(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'account-cancel-offer-390.png') });
  await page.getByRole('button', { name: 'No thanks, cancel' }).click();
  await expect(page.getByRole('group', { name: 'Confirm cancelling' })).toContainText('Your last delivery would be');
  found['cancel: confirm'] = await axeViolations(page);
  await page.getByRole('button', { name: 'Keep it' }).click();
  expect(found).toEqual(Object.fromEntries(Object.keys(found).map((state) => [state, []])));
});

test('a subscriber of over a year sees the latest three payments and past deliveries, newest first, every section within three phone screens, the rest a press away', async ({
  page,
}) => {
  // A made-up subscriber of the demo data, on a Yearly plan since 14 months ago: a payment a month.
  const email = 'maria.lopez@example.com';
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToAccount(page, email);
  const payments = page.getByRole('region', { name: 'Payments' });
  const lines = payments.getByText(/^\$\d+\.\d\d for /);
  await expect(lines).toHaveCount(3);
  const paidOn = async () => (await lines.allTextContents()).map((line) => Date.parse(/paid (\w+ \d+, \d{4})/.exec(line)![1]!));
  const latest = await paidOn();
  expect(latest).toEqual([...latest].sort((a, b) => b - a));
  const earlier = payments.getByRole('button', { name: /^Show \d+ earlier payments$/ });
  const hidden = Number(/\d+/.exec((await earlier.textContent())!)![0]);
  expect(hidden).toBeGreaterThanOrEqual(9);
  await expect(page.getByRole('region', { name: 'Past deliveries' }).getByRole('listitem')).toHaveCount(3);

  const tops = await headingTops(page);
  for (const [heading, top] of Object.entries(tops)) expect(top, heading).toBeLessThan(3 * 844 - 40);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'account-long-history-390.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  await earlier.focus();
  await page.keyboard.press('Enter');
  await expect(lines).toHaveCount(3 + hidden);
  // The same button, now closing them again, keeps the focus.
  const fewer = payments.getByRole('button', { name: 'Show only the latest', expanded: true });
  await expect(fewer).toBeFocused();
  const all = await paidOn();
  expect(all).toEqual([...all].sort((a, b) => b - a));
  expect(await overflow(page)).toBeLessThanOrEqual(0);
});
