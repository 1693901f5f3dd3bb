import { type Page } from '@playwright/test';
import { calendarMonth, expect, test } from '../support/test';
import { ACCOUNT_DONE, ACCOUNT_MESSAGES } from '@blooms/shared/contract/messages';
import { addDays, defaultDeliveryDate, formatDeliveryDate, lastDayForChanges } from '@blooms/shared/contract/delivery-dates';
import { addMonths, formatMonth, MONTH_NAMES, monthNameOf, type MonthKey } from '@blooms/shared/contract/months';
import { mailsTo } from '../support/outbox';
import { openMonthCard, signInToAccount } from '../support/account';
import { ADMIN_EMAIL, signInAsStaff } from '../support/session';
import { waitForHydration } from '../support/hydration';
import { LIVE } from '../support/live';
import { showMonth } from '../support/staff';

/** The admin's test clock on the dashboard (test checkout only): null goes back to the real date. */
async function moveTestClock(staff: Page, today: string | null) {
  const clock = staff.locator('details.test-clock');
  if (!(await clock.evaluate((details: HTMLDetailsElement) => details.open))) await clock.locator('summary').click();
  if (today) {
    await clock.getByLabel('Pretend today is').fill(today);
    await clock.getByRole('button', { name: 'Move the clock' }).click();
    await expect(clock.locator('summary')).toContainText(`the server pretends today is ${formatDeliveryDate(today, { withYear: true })}`);
  } else {
    await clock.getByRole('button', { name: 'Back to the real date' }).click();
    await expect(clock.locator('summary')).toHaveText('Test clock (test checkout only)');
  }
  await staff.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
}

test('a Custom subscriber signs in from the e-mailed link, skips next month (an open dashboard shows it), is refused a month inside its notice, and cancels; the charges follow', async ({
  browser,
}) => {
  const subscriberContext = await browser.newContext();
  const page = await subscriberContext.newPage();
  const email = `ivy.${Date.now()}@example.com`;
  // A Custom plan of the next two months: the first is paid at checkout and skipped, the second comes inside its notice once the test clock moves.
  const thisMonth = calendarMonth();
  const [next, held] = [addMonths(thisMonth, 1), addMonths(thisMonth, 2)];

  await page.goto('/subscribe');
  await waitForHydration(page);
  await page.getByLabel('First name').fill('Ivy');
  await page.getByLabel('Last name').fill('Nguyen');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone').fill('801-555-0177');
  await page.getByLabel('Street address').fill('12 E 100 S');
  await page.getByLabel('ZIP code').fill('84111');
  await expect(page.getByLabel('City')).toHaveValue('Salt Lake City');
  await page.getByRole('radio', { name: /Custom/ }).check();
  const monthBoxes = page.getByRole('group', { name: 'Months to receive flowers' });
  for (const name of MONTH_NAMES)
    await monthBoxes.getByRole('checkbox', { name }).setChecked([next, held].some((month) => monthNameOf(month) === name));
  await expect(page.getByText('2 deliveries a year, $99 each')).toBeVisible();
  await page.getByRole('button', { name: /^Subscribe for \$99\/month/ }).click();
  await page.getByRole('button', { name: 'Pay $99.00' }).click();
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'My subscription' })).toHaveAttribute('href', '/account');

  // The confirmation e-mail leads to the account; the account e-mails a one-time sign-in link.
  await expect.poll(() => mailsTo(email).some((mail) => mail.includes('/account'))).toBe(true);
  await signInToAccount(page, email);
  await expect(page).toHaveURL(/\/account$/);

  const months = page.getByRole('region', { name: 'Coming deliveries' });
  const row = (month: MonthKey) => months.getByRole('article', { name: formatMonth(month) });
  for (const month of [next, held]) await openMonthCard(page, month);
  await expect(row(next)).toContainText('Paid');
  await expect(row(held)).toContainText('$99.00 on');

  // Staff have next month open on the dashboard.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff, ADMIN_EMAIL);
  await showMonth(staff, next);
  const staffRow = staff.getByRole('row').filter({ has: staff.getByRole('rowheader', { name: 'Ivy Nguyen' }) });
  await expect(staffRow).toContainText('Yes');

  // Skipping next month, already paid at checkout: its payment pays the month after instead.
  await row(next)
    .getByRole('button', { name: `Skip ${formatMonth(next)}` })
    .click();
  await expect(row(next)).toContainText('Skipped');
  await expect(row(next)).toContainText('ChargeNothing');
  await expect(row(next)).toContainText(ACCOUNT_DONE.skipped(formatMonth(next), formatDeliveryDate(defaultDeliveryDate(next))));
  await expect(row(next).getByRole('button', { name: `Bring back ${formatMonth(next)}` })).toBeVisible();
  await expect(row(held)).toContainText('Paid');
  await expect(staffRow).toContainText('No (skipped)', LIVE);
  await expect
    .poll(() =>
      mailsTo(email).some(
        (mail) => mail.includes(`You skipped ${formatMonth(next)}`) && mail.includes(`now pays for ${formatMonth(held)}`),
      ),
    )
    .toBe(true);

  // Days pass (the admin's test clock) while the account stays open: the held month is now inside its notice.
  const heldDate = defaultDeliveryDate(held);
  await moveTestClock(staff, addDays(heldDate, -3));
  try {
    await row(held)
      .getByRole('button', { name: `Skip ${formatMonth(held)}` })
      .click();
    // The refusal is answered in the month's card, where the subscriber is looking.
    const refusal = row(held).getByText(ACCOUNT_MESSAGES.tooLate(formatMonth(held), formatDeliveryDate(lastDayForChanges(heldDate))));
    await expect(refusal).toBeInViewport();
    // The page reads the account again: the month is sure to go out.
    await expect(row(held)).toContainText('Paid: it is sure to go out');
    await expect(row(held).getByRole('button')).toHaveCount(0);

    // Cancelling asks why first (moving away: no skip or pause would help), names the last delivery; then nothing more is charged.
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('radio', { name: 'I am moving out of the delivery area' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('group', { name: 'Confirm cancelling' })).toContainText(
      `Your last delivery would be ${formatDeliveryDate(heldDate, { withYear: true })}`,
    );
    await page.getByRole('button', { name: 'Yes, cancel my subscription' }).click();
    await expect(page.getByText(`Cancelled, last delivery ${formatMonth(held)}`)).toBeVisible();
    await expect(months).not.toContainText('$99.00 on');
    await expect(months.getByRole('button', { name: /^Skip / })).toHaveCount(0);
    // One charge in all, for the one month delivered.
    await expect(page.getByRole('listitem').filter({ hasText: /^\$99\.00 for / })).toHaveText([
      new RegExp(`^\\$99\\.00 for ${formatMonth(held)}, paid`),
    ]);
    await expect.poll(() => mailsTo(email).some((mail) => mail.includes('Subject: Your subscription is cancelled'))).toBe(true);
  } finally {
    await moveTestClock(staff, null);
  }

  await staffContext.close();
  await subscriberContext.close();
});

test('a subscriber changes a Custom plan’s months and the delivery address; an address outside the area cannot be saved', async ({
  page,
}) => {
  const email = `noor.${Date.now()}@example.com`;
  const thisMonth = calendarMonth();
  const [first, later] = [addMonths(thisMonth, 1), addMonths(thisMonth, 4)];
  await page.goto('/subscribe');
  await waitForHydration(page);
  await page.getByLabel('First name').fill('Noor');
  await page.getByLabel('Last name').fill('Haddad');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone').fill('801-555-0178');
  await page.getByLabel('Street address').fill('40 N Main St');
  await page.getByLabel('ZIP code').fill('84601');
  await page.getByRole('radio', { name: /Custom/ }).check();
  for (const name of MONTH_NAMES)
    await page
      .getByRole('group', { name: 'Months to receive flowers' })
      .getByRole('checkbox', { name })
      .setChecked(name === monthNameOf(first));
  await page.getByRole('button', { name: /^Subscribe for \$99\/month/ }).click();
  await page.getByRole('button', { name: 'Pay $99.00' }).click();
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
  await signInToAccount(page, email);

  const months = page.getByRole('region', { name: 'Coming deliveries' });
  const row = (month: MonthKey) => months.getByRole('article', { name: formatMonth(month) });
  await expect(months.getByText(/^Not in your plan:/)).toContainText(monthNameOf(later));
  await expect(row(later)).toHaveCount(0);
  await page
    .getByRole('group', { name: 'Months to receive flowers' })
    .getByRole('checkbox', { name: monthNameOf(later) })
    .check();
  await expect(page.getByText('2 deliveries a year, $99 each')).toBeVisible();
  await page.getByRole('button', { name: 'Save months' }).click();
  await expect(page.getByText(/^Your months are saved\./)).toBeVisible();
  await expect(await openMonthCard(page, later)).toContainText('$99.00 on');

  await page.getByRole('button', { name: 'Change address' }).click();
  await page.getByLabel('ZIP code').fill('90210');
  await expect(page.getByText("Sorry, we don't currently deliver to this area")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save address' })).toBeDisabled();
  await page.getByLabel('Street address').fill('250 S State St');
  await page.getByLabel('City').fill('Salt Lake City');
  await page.getByLabel('ZIP code').fill('84111');
  await page.getByLabel('Delivery notes (optional)').fill('Leave it with the doorman');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText(/^Your address is saved\./)).toBeVisible();
  await expect(page.getByText(/Delivering to 250 S State St, Salt Lake City, UT 84111$/)).toBeVisible();
  await expect.poll(() => mailsTo(email).some((mail) => mail.includes('Subject: Your delivery address is changed'))).toBe(true);
});
