import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { GIFT_END_RULE, GIFT_LENGTH_RULE } from '@blooms/shared/contract/gifts';
import { RECEIPT_NOT_FOUND } from '@blooms/shared/contract/receipts';
import { waitForHydration } from '../support/hydration';
import { signInToAccount } from '../support/account';
import { mailHtmlTo, mailsTo } from '../support/outbox';
import { SITE_SETTINGS } from '../support/site-settings';
import { axeViolations } from '../support/axe';

const shot = (name: string) => path.join(__dirname, '..', 'artifacts', 'screenshots', `${name}.png`);

/** The name a 3-delivery gift paid up front goes by, on every screen and e-mail. */
const NAME = 'Gift: 3 deliveries, paid up front ($297)';

/** How many pages a PDF of the page prints on. */
const printedPages = async (page: Page, format: 'A4' | 'Letter') =>
  ((await page.pdf({ format })).toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The buyer's phone widths and a laptop's: one checkout, each screen of it checked at each. */
const WIDTHS = [320, 390, 1280] as const;

test('at 320, 390 and 1280 px a buyer gives 3 deliveries paid up front on the test checkout, and finds the gift in the account with what a cancel refunds', async ({
  page,
}) => {
  // One checkout, its screens looked at three widths over: more than one width's worth of time.
  test.slow();
  const resize = (width: number) => page.setViewportSize({ width, height: 800 });
  await resize(WIDTHS[0]);
  const stamp = `${Date.now()}`;
  const buyer = `gift.prepaid.${stamp}@example.com`;
  await page.goto('/subscribe');
  await waitForHydration(page);
  for (const [label, value] of [
    ['First name', 'Ada'],
    ['Last name', 'Giftee'],
    ['Email', `gift.recipient.${stamp}@example.com`],
    ['Phone', '801-555-0177'],
    ['Street address', '3301 S Highland Dr'],
    ['ZIP code', '84106'],
  ] as const) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole('checkbox', { name: 'This is a gift' }).check();
  await page.getByLabel('Your name').fill('Tom Giver');
  await page.getByLabel('Your email (for receipts)').fill(buyer);
  const length = page.getByRole('group', { name: 'How long the gift lasts' });
  for (const width of WIDTHS) {
    await resize(width);
    await expect(length.getByRole('radio', { name: 'Ongoing, until you cancel' })).toBeChecked();
    await expect(length).toContainText(GIFT_LENGTH_RULE);
  }
  await resize(WIDTHS[0]);
  await length.getByRole('radio', { name: '3 deliveries' }).check();
  const payment = page.getByRole('group', { name: 'How you pay for it' });
  await payment.getByRole('radio', { name: 'All up front: $297 today' }).check();
  // The filled form, at each width: on a phone the summary sits above Subscribe, on a laptop the order beside the form.
  for (const width of WIDTHS) {
    await resize(width);
    await expect(payment).toContainText(GIFT_END_RULE);
    const summary = page
      .getByRole('region', { name: 'Before you subscribe' })
      .or(page.getByRole('region', { name: 'Your order' }))
      .first();
    await expect(summary).toContainText('$297, for all 3 deliveries of the gift.');
    // The gift is named for what it is, not as a Yearly plan of 12 deliveries a year.
    const plan = page.getByRole('group', { name: 'Your plan' });
    await expect(plan).toContainText(`${NAME}, one each month`);
    await expect(plan.getByRole('radio', { name: 'Every month — one delivery a month' })).toBeChecked();
    await expect(plan).not.toContainText(/Yearly|a year/);
    const yourOrder = page.getByRole('region', { name: 'Your order' });
    await expect(yourOrder).toContainText(`Your plan${NAME}: a hand-made seasonal arrangement`);
    await expect(yourOrder).not.toContainText(/Yearly|a year/);
    expect(await noSidewaysScroll(page), `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    expect(await axeViolations(page), `axe at ${width} px, with the gift paid up front chosen`).toEqual([]);
    await payment.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot(`gift-length-form-${width}`) });
  }

  await resize(WIDTHS[0]);
  await page.getByRole('button', { name: 'Pay $297 for 3 deliveries' }).click();
  for (const width of WIDTHS) {
    await resize(width);
    await expect(page.getByText('$297.00 today, for all 3 deliveries of the gift')).toBeVisible();
  }
  await page.getByRole('button', { name: 'Pay $297.00' }).click();
  const order = page.getByRole('region', { name: 'Your order' });
  for (const width of WIDTHS) {
    await resize(width);
    await expect(order).toContainText('A gift forAda Giftee');
    await expect(order).toContainText(`Your plan${NAME}: a hand-made seasonal arrangement in a vase, delivered by hand. ${GIFT_END_RULE}`);
    await expect(order).toContainText('MonthsEvery month, from the first delivery');
    await expect(order).not.toContainText(/Yearly|a year/);
    await expect(order).toContainText('PaymentTest mode: no card was charged.');
    expect(await axeViolations(page), `axe at ${width} px, on the confirmation`).toEqual([]);
    await page.screenshot({ path: shot(`gift-length-confirmation-${width}`), fullPage: true });
  }
  // The confirmation, and the receipt of the payment for all 3 deliveries: one payment, one receipt.
  await expect.poll(() => mailsTo(buyer).length).toBe(2);
  const confirmation = mailsTo(buyer).find((mail) => !/^Subject: .*receipt/m.test(mail))!;
  expect(confirmation).toContain(`Your plan: ${NAME}: a hand-made seasonal arrangement`);
  expect(confirmation).not.toMatch(/Yearly|a year/);
  const receipts = mailsTo(buyer).filter((mail) => /^Subject: Your Monthly Blooms receipt R-\d{6}: \$297$/m.test(mail));
  expect(receipts).toHaveLength(1);
  const receiptNumber = /R-\d{6}/.exec(receipts[0]!)![0];

  await resize(WIDTHS[0]);
  await signInToAccount(page, buyer);
  const gift = page.getByRole('article', { name: `${NAME}, for Ada Giftee` });
  // One charge is one payment, with one receipt, and the deliveries it pays for under it.
  const payments = gift.locator('.account__payments > li');
  await expect(payments).toHaveCount(1);
  await gift.getByText(`Receipt ${receiptNumber}`, { exact: true }).click();
  const receipt = gift.locator('.account__receipt');
  for (const width of WIDTHS) {
    await resize(width);
    await expect(gift.getByRole('heading', { level: 2 })).toHaveText(`${NAME}, for Ada Giftee`);
    await expect(gift).toContainText(/A gift of 3 deliveries, paid up front: 3 left, the last in \w+ \d{4}\./);
    await expect(gift).not.toContainText(/Yearly|a year/);
    await expect(payments).toHaveCount(1);
    await expect(payments.first()).toContainText(/^\$297\.00 for 3 deliveries, paid/);
    const covered = payments.first().getByRole('listitem');
    await expect(covered).toHaveCount(3);
    await expect(covered).toHaveText([/^\w+ \d{4}: \$99\.00$/, /^\w+ \d{4}: \$99\.00$/, /^\w+ \d{4}: \$99\.00$/]);
    await expect(gift.getByText(/^Receipt R-\d{6}$/)).toHaveCount(1);
    await expect(receipt).toContainText('Amount$297');
    await expect(receipt.locator('dd', { hasText: / delivery, on / })).toHaveCount(3);
    await payments.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot(`gift-length-account-payment-${width}`) });
    expect(await axeViolations(page), `axe at ${width} px, on the account`).toEqual([]);
    expect(await noSidewaysScroll(page), `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot(`gift-length-account-${width}`), fullPage: true });
  }

  // The receipt e-mail, as a mail program shows it: the brand's layout with the studio's address, the one payment and its 3 deliveries.
  const [mailHtml] = mailHtmlTo(buyer, /receipt R-\d{6}/);
  const mail = await page.context().newPage();
  await mail.setContent(mailHtml!);
  for (const width of WIDTHS) {
    await mail.setViewportSize({ width, height: 800 });
    await expect(mail.locator('body')).toContainText(`Monthly Blooms · ${SITE_SETTINGS.STREET_ADDRESS}`);
    await expect(mail.locator('body')).toContainText(`Thank you: we charged $297 on`);
    // Its tables are for layout (role=presentation): the rows are read as text.
    await expect(mail.locator('body')).toContainText(`Plan${NAME}`);
    await expect(mail.locator('body')).toContainText('Flowers forAda Giftee');
    await expect(mail.getByText(/^\w+ \d{4} delivery, on /)).toHaveCount(3);
    await mail.screenshot({ path: shot(`receipt-email-${width}`), fullPage: true });
  }
  await mail.close();

  // Its printable page, from the payments list: the same receipt, and on paper the receipt alone, black on white, on one page.
  await resize(WIDTHS[0]);
  await payments
    .first()
    .getByRole('link', { name: `Printable receipt ${receiptNumber}` })
    .click();
  await expect(page).toHaveURL(`/account/receipt?number=${receiptNumber}`);
  const sheet = page.getByRole('article', { name: `Receipt ${receiptNumber}` });
  for (const width of WIDTHS) {
    await resize(width);
    await expect(sheet).toContainText('Thank you: we charged $297 on');
    await expect(sheet).toContainText('Paid by Tom Giver.');
    await expect(sheet.getByRole('row', { name: `Plan ${NAME}` })).toBeVisible();
    await expect(sheet.getByRole('row', { name: 'Flowers for Ada Giftee' })).toBeVisible();
    await expect(sheet.getByRole('row', { name: /^For \w+ \d{4} delivery, on / })).toHaveCount(3);
    await expect(sheet).toContainText(SITE_SETTINGS.STREET_ADDRESS);
    await expect(sheet.getByRole('link', { name: SITE_SETTINGS.CONTACT_EMAIL })).toBeVisible();
    expect(await axeViolations(page), `axe at ${width} px, on the printable receipt`).toEqual([]);
    expect(await noSidewaysScroll(page), `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot(`receipt-page-${width}`), fullPage: true });
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(sheet).toBeVisible();
    expect(await sheet.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor])).toEqual([
      'rgb(0, 0, 0)',
      'rgb(255, 255, 255)',
    ]);
    await page.screenshot({ path: shot(`receipt-print-${width}`), fullPage: true });
    if (width === 1280) {
      expect(await printedPages(page, 'A4'), 'pages on A4').toBe(1);
      expect(await printedPages(page, 'Letter'), 'pages on Letter').toBe(1);
    }
    await page.emulateMedia({ media: 'screen' });
  }
  await page.getByRole('link', { name: 'Back to your account' }).click();

  // The cancel prompt says what a cancel would give back; the buyer keeps the gift. Asked at each width.
  for (const width of WIDTHS) {
    await resize(width);
    await gift.getByRole('button', { name: 'Cancel subscription' }).click();
    await gift.getByRole('radio', { name: 'I am moving out of the delivery area' }).check();
    await gift.getByRole('button', { name: 'Continue' }).click();
    const confirm = gift.getByRole('group', { name: 'Confirm cancelling' });
    await expect(confirm).toContainText(/The gift was paid up front: \$(198|297) for the deliveries not made is refunded to your card\./);
    expect(await axeViolations(page), `axe at ${width} px, with the cancel prompt open`).toEqual([]);
    await confirm.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot(`gift-length-cancel-${width}`) });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(gift.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
  }

  // A receipt number that is none of the buyer's: a clear message, and no receipt.
  await page.goto('/account/receipt?number=R-999999999');
  await expect(page.getByRole('alert')).toHaveText(RECEIPT_NOT_FOUND);
  await expect(page.getByRole('article')).toHaveCount(0);
});
