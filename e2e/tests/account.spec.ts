import { expect, test } from '@playwright/test';
import { formatMonth, MONTH_NAMES, monthKey, type MonthKey } from '@blooms/shared/contract/months';
import { mailsTo } from '../support/outbox';
import { ADMIN_EMAIL, signInAsStaff } from '../support/session';

const monthsBetween = (from: MonthKey, to: MonthKey) => (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));

test('a subscriber signs in from the e-mailed link, skips a month (an open dashboard shows it), and cancels; the charges follow', async ({ browser }) => {
  const subscriberContext = await browser.newContext();
  const page = await subscriberContext.newPage();
  const email = `ivy.${Date.now()}@example.com`;

  await page.goto('/subscribe');
  await page.getByLabel('First name').fill('Ivy');
  await page.getByLabel('Last name').fill('Nguyen');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('801-555-0177');
  await page.getByLabel('Street address').fill('12 E 100 S');
  await page.getByLabel('ZIP code').fill('84111');
  await expect(page.getByLabel('City')).toHaveValue('Salt Lake City');
  await page.getByRole('button', { name: /^Subscribe for \$99\/month/ }).click();
  await page.getByRole('button', { name: 'Pay $99.00' }).click();
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();

  // The confirmation e-mail leads to the account; the account e-mails a one-time sign-in link.
  await expect.poll(() => mailsTo(email).some((mail) => mail.includes('/account'))).toBe(true);
  await page.goto('/account');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText('a sign-in link is on its way');
  await expect.poll(() => mailsTo(email).filter((mail) => mail.includes('Subject: Your Monthly Blooms sign-in link')).length).toBe(1);
  const link = /http:\/\/\S+\/account\?\S+/.exec(mailsTo(email).find((mail) => mail.includes('Subject: Your Monthly Blooms sign-in link'))!)![0];
  await page.goto(link);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);

  const months = page.getByRole('region', { name: 'Coming deliveries' });
  const skipButton = months.getByRole('button', { name: /^Skip / }).first();
  const skipName = ((await skipButton.textContent()) ?? '').replace(/^Skip /, '');
  const skipRow = months.getByRole('row').filter({ has: page.getByRole('rowheader', { name: skipName }) });
  await expect(skipRow).toContainText('$99.00 on');

  // Staff have that month open on the dashboard.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff, ADMIN_EMAIL);
  const skipKey = (() => {
    const [name, year] = skipName.split(' ');
    const index = MONTH_NAMES.indexOf(name as (typeof MONTH_NAMES)[number]) + 1;
    return `${year}-${String(index).padStart(2, '0')}`;
  })();
  expect(formatMonth(skipKey)).toBe(skipName);
  for (let i = 0; i < monthsBetween(monthKey(new Date()), skipKey); i++) await staff.getByRole('button', { name: 'Next month' }).click();
  const staffRow = staff.getByRole('row').filter({ has: staff.getByRole('rowheader', { name: 'Ivy Nguyen' }) });
  await expect(staffRow).toContainText('Yes');

  await skipButton.click();
  await expect(skipRow).toContainText('Skipped');
  await expect(skipRow).toContainText('$0.00');
  await expect(skipRow.getByRole('button', { name: `Bring back ${skipName}` })).toBeVisible();
  await expect(staffRow).toContainText('No (skipped)', { timeout: 1000 });
  await expect.poll(() => mailsTo(email).some((mail) => mail.includes(`You skipped ${skipName}`))).toBe(true);

  // Cancelling asks first, then nothing more is charged.
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByRole('group', { name: 'Confirm cancelling' })).toContainText('Nothing after it is delivered or charged');
  await page.getByRole('button', { name: 'Yes, cancel my subscription' }).click();
  await expect(page.getByText(/^Cancelled, last delivery/)).toBeVisible();
  await expect(months).not.toContainText('$99.00 on');
  await expect(months.getByRole('button', { name: /^Skip / })).toHaveCount(0);
  await expect(page.getByText(/\$99\.00 for .*, paid/)).toHaveCount(1);
  await expect.poll(() => mailsTo(email).some((mail) => mail.includes('Subject: Your subscription is cancelled'))).toBe(true);

  await staffContext.close();
  await subscriberContext.close();
});
