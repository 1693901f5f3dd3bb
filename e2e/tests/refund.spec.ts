import path from 'node:path';
import { type APIRequestContext } from '@playwright/test';
import { studioToday, expect, test } from '../support/test';
import { REFUND_MESSAGES, refundConfirmation } from '@blooms/shared/contract/billing';
import { addMonths, formatMonth } from '@blooms/shared/contract/months';
import { defaultDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { ADMIN_EMAIL, idTokenFor, signInAsStaff } from '../support/session';
import { mailsTo } from '../support/outbox';
import { signInToAccount } from '../support/account';
import { expectNoAxeViolations } from '../support/axe';

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');

/** The first month whose usual delivery day is still to come: a new yearly subscription's first delivery, paid at checkout. */
function firstDeliveryMonth() {
  const today = studioToday();
  let month = today.slice(0, 7);
  while (defaultDeliveryDate(month) <= today) month = addMonths(month, 1);
  return month;
}

/** Iris subscribes on the test checkout: her first month is paid. */
async function aPaidSubscription(request: APIRequestContext, email: string) {
  const started = await request.post('/api/createCheckoutSession', {
    data: {
      data: {
        email,
        first_name: 'Iris',
        last_name: 'Refund',
        phone: '8015550143',
        address: '43 S Main St',
        unit: '',
        city: 'Provo',
        state: 'UT',
        zip: '84601',
        notes: '',
        plan: 'yearly',
        months: 'all',
        sub_id: `iris-${Date.now()}`,
      },
    },
  });
  const { sessionId } = (await started.json()).result;
  expect((await request.post(`/checkout/test/${sessionId}/pay`, { form: {}, maxRedirects: 0 })).status()).toBe(303);
}

test('an admin refunds part of a paid month from the dashboard on a laptop, then the rest on a phone; the payer is e-mailed', async ({
  page,
  request,
  browser,
}) => {
  const email = `iris-${Date.now()}@example.com`;
  await aPaidSubscription(request, email);
  const month = formatMonth(firstDeliveryMonth());

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsStaff(page, ADMIN_EMAIL);
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await expect(page.getByRole('table').getByRole('rowheader')).toHaveText(['Iris Refund']);
  await page.getByRole('link', { name: 'History of Iris Refund' }).click();

  const form = page.getByRole('form', { name: 'Refund a month' });
  await expect(form.getByRole('combobox', { name: 'Month' })).toHaveValue(firstDeliveryMonth());
  await form.getByRole('textbox', { name: 'Amount' }).fill('120');
  await form.getByRole('textbox', { name: 'Why' }).fill('Vase broken on the doorstep');
  await form.getByRole('radio', { name: /Still delivered/ }).check();
  await form.getByRole('button', { name: `Refund $120 for ${month}` }).click();
  await expect(form.getByRole('alert')).toHaveText(REFUND_MESSAGES.tooMuch(month, '$99'));

  // No amount is not all of it.
  await form.getByRole('textbox', { name: 'Amount' }).fill('');
  await form.getByRole('button', { name: `Refund ${month}` }).click();
  await expect(form.getByRole('alert')).toHaveText(REFUND_MESSAGES.noAmount);

  await form.getByRole('textbox', { name: 'Amount' }).fill('25');
  await form.getByRole('button', { name: `Refund $25 for ${month}` }).click();
  // Asked first: the amount, the month and what happens to the delivery.
  const asked = refundConfirmation('$25', month, 'kept', '$74');
  const question = form.getByRole('group', { name: asked.question });
  await expect(question).toContainText(asked.delivery);
  await expect(question).toContainText(asked.payer);
  await expect(question.getByRole('button', { name: 'Yes, refund $25' })).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await expectNoAxeViolations(page);
  await question.screenshot({ path: path.join(SCREENSHOTS, 'refund-confirm-1280.png') });
  await question.getByRole('button', { name: 'Yes, refund $25' }).click();
  await expect(form.getByRole('status')).toHaveText(REFUND_MESSAGES.done('$25', month));
  const events = page.getByRole('list', { name: 'Events, newest first' }).getByRole('listitem');
  const refundEvent = events.filter({ hasText: `Refunded $25 for ${month}` });
  await expect(refundEvent).toContainText('Vase broken on the doorstep. The month is still delivered.');
  await expect(refundEvent).toContainText(`by ${ADMIN_EMAIL}`);
  await expect(form.getByRole('combobox', { name: 'Month' })).toContainText(`${month}: $74 paid`);
  // The next refund starts with no amount: a second press takes nothing.
  await expect(form.getByRole('textbox', { name: 'Amount' })).toHaveValue('');
  await expect(form.getByRole('button', { name: `Refund ${month}` })).toBeVisible();
  await expect
    .poll(() => mailsTo(email).some((mail) => mail.includes(`We refunded $25 to your card for your ${month} delivery.`)))
    .toBe(true);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'refund-1280.png'), fullPage: true });

  // On a phone, by keyboard: the rest of the month, not delivered.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await form.getByRole('textbox', { name: 'Amount' }).fill('74');
  await form.getByRole('textbox', { name: 'Why' }).fill('We cannot deliver that week');
  await form.getByRole('radio', { name: 'Not delivered' }).focus();
  await page.keyboard.press('Space');
  await expect(form.getByRole('radio', { name: 'Not delivered' })).toBeChecked();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'refund-390.png'), fullPage: true });
  await form.getByRole('button', { name: `Refund $74 for ${month}` }).focus();
  await page.keyboard.press('Enter');
  const rest = form.getByRole('group', { name: `Refund $74 for ${month}?` });
  await expect(rest).toContainText(refundConfirmation('$74', month, 'dropped', null).delivery);
  await expect(rest.getByRole('button', { name: 'Yes, refund $74' })).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await rest.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'refund-confirm-390.png') });
  await page.keyboard.press('Enter');
  await expect(page.getByText('No month holds money paid for it, so there is nothing to refund.')).toBeVisible();
  await expect(events.filter({ hasText: `Refunded $74 for ${month}` })).toContainText('The month is not delivered.');
  await expect(events.filter({ hasText: `Skipped ${month}` })).toContainText(`by ${ADMIN_EMAIL}`);
  await expect
    .poll(() =>
      mailsTo(email).some((mail) => mail.includes(`Your ${month} flowers are not delivered; nothing more is charged for that month.`)),
    )
    .toBe(true);

  // The payer's account says so too, with the payment's receipt.
  const iris = { Authorization: `Bearer ${await idTokenFor(email)}` };
  const account = await (await request.get('/api/account', { headers: iris })).json();
  expect(account.subscriptions[0].payments).toEqual([expect.objectContaining({ amountCents: 9900, refundedCents: 9900, refunded: true })]);
  const payer = await browser.newContext();
  const payerPage = await payer.newPage();
  await payerPage.setViewportSize({ width: 1280, height: 844 });
  await signInToAccount(payerPage, email);
  for (const width of [1280, 390]) {
    await payerPage.setViewportSize({ width, height: 844 });
    await payerPage.reload();
    const payment = payerPage.locator('.account__payments li').first();
    await expect(payment).toContainText(`$99.00 for ${month}, paid`);
    await expect(payment).toContainText('refunded');
    await payment.getByText(/^Receipt R-\d{6}$/).click();
    await expect(payment.getByText('Visa ending in 4242')).toBeVisible();
    await expect(payment.getByText(new RegExp(`^${month} delivery, on `))).toBeVisible();
    expect(await payerPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await payment.scrollIntoViewIfNeeded();
    await payerPage.screenshot({ path: path.join(SCREENSHOTS, `receipt-${width}.png`) });
  }
  await payer.close();
});
