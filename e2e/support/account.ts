import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import { mailsTo } from './outbox';

/** Where a subscriber lives, when not at the Provo address every other one has. */
export interface Place {
  address: string;
  city: string;
  zip: string;
}

/** Subscribes on the test checkout through the API (no form): a Custom plan of these month names, or Yearly. Gives the checkout's id. */
export async function subscribeByApi(
  request: APIRequestContext,
  email: string,
  months: string[] | 'all',
  firstName = 'Juniper',
  lastName = 'Account',
  place: Place = { address: '42 S Main St', city: 'Provo', zip: '84601' },
): Promise<string> {
  const plan = months === 'all' ? 'yearly' : 'custom';
  const started = await request.post('/api/createCheckoutSession', {
    data: {
      data: {
        email,
        first_name: firstName,
        last_name: lastName,
        phone: '8015550142',
        address: place.address,
        unit: '',
        city: place.city,
        state: 'UT',
        zip: place.zip,
        notes: '',
        plan,
        months: months === 'all' ? 'all' : months.join(','),
        sub_id: `${firstName}-${Date.now()}`,
      },
    },
  });
  const { sessionId } = (await started.json()).result;
  expect((await request.post(`/checkout/test/${sessionId}/pay`, { form: {}, maxRedirects: 0 })).status()).toBe(303);
  return sessionId;
}

const SIGN_IN_SUBJECT = 'Subject: Your Monthly Blooms sign-in link';

/** The newest sign-in link e-mailed to the address. */
export function signInLinkFor(email: string): string {
  const mails = mailsTo(email).filter((mail) => mail.includes(SIGN_IN_SUBJECT));
  return /http:\/\/\S+\/account\?\S+/.exec(mails.at(-1)!)![0];
}

/** Asks for a sign-in link on /account, as a subscriber does, and opens it from the e-mail. */
export async function signInToAccount(page: Page, email: string): Promise<void> {
  const before = mailsTo(email).filter((mail) => mail.includes(SIGN_IN_SUBJECT)).length;
  await page.goto('/account');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect.poll(() => mailsTo(email).filter((mail) => mail.includes(SIGN_IN_SUBJECT)).length).toBe(before + 1);
  await page.goto(signInLinkFor(email));
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}

/** A coming month's card on the account: the coming months are a line each, opened first where it is closed. */
export async function openMonthCard(page: Page, month: MonthKey): Promise<Locator> {
  const coming = page.getByRole('region', { name: 'Coming deliveries' });
  const line = coming.getByRole('button', { name: new RegExp(`^${formatMonth(month)} `) });
  if ((await line.getAttribute('aria-expanded')) === 'false') await line.click();
  await expect(line).toHaveAttribute('aria-expanded', 'true');
  return coming.getByRole('article', { name: formatMonth(month) });
}
