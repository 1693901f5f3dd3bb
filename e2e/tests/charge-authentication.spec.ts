import { expect, test } from '../support/test';
import { CHARGE_CONFIRMATION_MESSAGES } from '@blooms/shared/contract/charge-confirmation';
import { mailsTo } from '../support/outbox';
import { signInToAccount } from '../support/account';
import { expectNoAxeViolations } from '../support/axe';

const ASKED = 'Subject: Please confirm your Monthly Blooms payment';

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the bank asks a subscriber to authenticate a charge: the e-mailed link completes it on the test provider, the month is paid and no longer held (${viewport.name})`, async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const email = `auth.${viewport.name}.${Date.now()}@example.com`;
    const started = await request.post('/api/createCheckoutSession', {
      data: {
        data: {
          email,
          first_name: 'Hazel',
          last_name: 'Confirm',
          phone: '8015550188',
          address: '7 N Temple St',
          unit: '',
          city: 'Provo',
          state: 'UT',
          zip: '84601',
          notes: '',
          plan: 'yearly',
          months: 'all',
          sub_id: `auth-${Date.now()}`,
        },
      },
    });
    const { sessionId } = (await started.json()).result as { sessionId: string };
    expect((await request.post(`/checkout/test/${sessionId}/pay`, { form: {}, maxRedirects: 0 })).status()).toBe(303);

    // Test billing: the next delivery's charge, the bank asking the subscriber to authenticate.
    await page.goto(`/checkout/test/${sessionId}`);
    await page.getByRole('button', { name: 'Charge the next delivery now: the bank asks the subscriber to authenticate' }).click();
    await expect(page.getByText(/The subscription is now: Awaiting authentication from \w+ \d{4}/)).toBeVisible();

    // The account says the deliveries wait for it.
    await signInToAccount(page, email);
    await expect(page.getByText(/Awaiting authentication from \w+ \d{4}/)).toBeVisible();
    await expect(page.getByText(/Your bank asks you to confirm the last charge/)).toBeVisible();

    // The e-mail's link: our page, then the test bank's, then back.
    await expect.poll(() => mailsTo(email).filter((mail) => mail.includes(ASKED)).length).toBe(1);
    const link = /http:\/\/\S+\/payment\/confirm\/\S+/.exec(mailsTo(email).find((mail) => mail.includes(ASKED))!)![0];
    // Opened on the address the browser signed in on (the e-mail names the site's configured origin).
    const path = new URL(link).pathname;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: /^Your \w+ \d{4} delivery$/ })).toBeVisible();
    await expect(page.getByText(CHARGE_CONFIRMATION_MESSAGES.waiting)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/charge-confirmation-${viewport.name}.png`, fullPage: true });

    await page.getByRole('button', { name: CHARGE_CONFIRMATION_MESSAGES.button }).click();
    await expect(page).toHaveURL(/\/checkout\/test\/authenticate\//);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm the payment' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/test-bank-${viewport.name}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('status')).toHaveText(CHARGE_CONFIRMATION_MESSAGES.paid);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/charge-confirmed-${viewport.name}.png`, fullPage: true });

    // Paid and released: the account is active again, with no hold.
    await expect(page.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', /\/account$/);
    await page.goto('/account');
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await expect(page.getByRole('article').getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByText(/Your bank asks you to confirm the last charge/)).toHaveCount(0);
    await page.goto(`/checkout/test/${sessionId}`);
    await expect(page.getByText('The subscription is now: Active')).toBeVisible();
    await context.close();
  });
}
