import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { STUDIO_TIME_ZONE } from '@blooms/shared/contract/delivery-dates';
import { MESSAGE_STATUS_LABELS, TEXT_CONSENT_WORDING, TEXT_HOURS } from '@blooms/shared/contract/texts';
import { expect, suiteNow, test } from '../support/test';
import { signInToAccount } from '../support/account';
import { LAPTOP, PHONE } from '../support/devices';
import { waitForHydration } from '../support/hydration';
import { ADMIN_EMAIL, idTokenFor, signInAsStaff } from '../support/session';
import { pill, showMonth } from '../support/staff';
import { moveClock } from '../support/test-clock';
import { ownStack } from '../support/stacks';
import { axeViolations } from '../support/axe';

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');
/** The stack runs the local fake Twilio (SMS_FAKE=true, playwright.config.ts) with its made-up token, and logs what it got here. */
const FAKE_TOKEN = 'fake-twilio-auth-token';
const fakeLog = () => path.join(process.env.E2E_DATA_DIR!, 'sms-fake.jsonl');
const textsTo = (phone: string): { to: string; body: string; status: number }[] =>
  fs.existsSync(fakeLog())
    ? fs
        .readFileSync(fakeLog(), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .filter((entry) => entry.to === phone)
    : [];

/** A reply as Twilio posts it: form fields, signed (HMAC-SHA1 of the URL and the sorted fields) with the auth token. */
function signedReply(fields: Record<string, string>, token = FAKE_TOKEN) {
  const url = `${ownStack.baseURL}/api/sms/replies`;
  const data = Object.keys(fields)
    .sort()
    .reduce((text, key) => text + key + fields[key], url);
  const signature = crypto.createHmac('sha1', token).update(Buffer.from(data, 'utf8')).digest('base64');
  return { headers: { 'x-twilio-signature': signature }, form: fields };
}

const studioHour = (at: Date) =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone: STUDIO_TIME_ZONE, hourCycle: 'h23', hour: 'numeric' }).format(at));

test('a subscriber ticks delivery-day texts, gets the on-the-way text when the stop goes out, and a STOP reply turns them off', async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const email = `tess.${stamp}@example.com`;
  const lastName = `Texter${String(stamp).slice(-6)}`;
  const phone = `801555${String(stamp).slice(-4)}`;
  const e164 = `+1${phone}`;
  const visitorContext = await browser.newContext(PHONE);
  const visitor = await visitorContext.newPage();

  // The subscribe form at 390 px: the box is there, unticked, with who texts, how often, STOP/HELP and the rates.
  await visitor.goto('/subscribe');
  await waitForHydration(visitor);
  await visitor.getByLabel('First name').fill('Tess');
  await visitor.getByLabel('Last name').fill(lastName);
  await visitor.getByLabel('Email', { exact: true }).fill(email);
  await visitor.getByLabel('Phone', { exact: true }).fill(phone);
  await visitor.getByLabel('Street address').fill('350 S 200 E');
  await visitor.getByLabel('ZIP code').fill('84101');
  const box = visitor.getByRole('checkbox', { name: 'Text me on delivery days' });
  await expect(box).not.toBeChecked();
  await expect(visitor.getByText(TEXT_CONSENT_WORDING)).toBeVisible();
  await expect(visitor.getByLabel('Mobile number for texts')).toBeHidden();
  await box.check();
  // Ticking starts the number from the phone above.
  await expect(visitor.getByLabel('Mobile number for texts')).toHaveValue(phone);
  const fieldset = visitor.getByRole('group', { name: 'Delivery-day texts' });
  await fieldset.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await visitor.screenshot({ path: path.join(SCREENSHOTS, 'texts-subscribe-390.png') });
  expect(await axeViolations(visitor)).toEqual([]);
  await visitor.setViewportSize(LAPTOP.viewport);
  await fieldset.screenshot({ path: path.join(SCREENSHOTS, 'texts-subscribe-1280.png') });
  await visitor.setViewportSize(PHONE.viewport);
  await visitor.getByRole('button', { name: /^Subscribe for \$99\/month/ }).click();
  await expect(visitor).toHaveURL(/\/checkout\/test\/cs_test_local_/);
  await visitor.getByRole('button', { name: 'Pay $99.00' }).click();
  await expect(visitor.getByRole('heading', { name: "You're All Set!" })).toBeVisible();

  // The account says texts are on, to that number.
  await signInToAccount(visitor, email);
  // Texts open in place beside the next delivery, their state in the button's name.
  const openTexts = async (state: 'on' | 'off') => {
    const toggle = visitor.getByRole('button', { name: `Delivery-day texts: ${state}` });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  };
  await openTexts('on');
  const state = visitor.locator('.account__texts-state');
  await expect(state).toHaveText(/^Texts: on, to \(801\) 555-\d{4} since \w+ \d+, \d{4}$/);
  await state.scrollIntoViewIfNeeded();
  await visitor.screenshot({ path: path.join(SCREENSHOTS, 'texts-account-on-390.png') });
  expect(await axeViolations(visitor)).toEqual([]);

  // The stop's delivery day comes (the test clock), and staff mark it Out for Delivery on the dashboard.
  const subscriber = { Authorization: `Bearer ${await idTokenFor(email)}` };
  const account = await (await request.get('/api/account', { headers: subscriber })).json();
  const first = account.subscriptions[0].coming.find((month: { state: string }) => month.state === 'delivering') as {
    month: string;
    date: string;
  };
  const admin = { Authorization: `Bearer ${await idTokenFor(ADMIN_EMAIL)}` };
  const staffContext = await browser.newContext(LAPTOP);
  try {
    await moveClock(request, admin, first.date);
    const staff = await staffContext.newPage();
    await signInAsStaff(staff, ADMIN_EMAIL);
    await showMonth(staff, first.month as never);
    const name = `Tess ${lastName}`;
    await staff.getByRole('searchbox', { name: 'Search' }).fill(lastName);
    await pill(staff, name)
      .getByRole('button', { name: /^Not Started/ })
      .click();
    await expect(pill(staff, name).locator('.status-pill')).toHaveText('Out For Delivery');

    // Between 8:00 and 20:00 at the studio the text goes at once; before 8:00 it waits for 8:00,
    // and from 20:00 its day is over for texts: it is never sent.
    const hour = studioHour(suiteNow());
    const inHours = hour >= TEXT_HOURS.from && hour < TEXT_HOURS.until;
    if (inHours) {
      await expect.poll(() => textsTo(e164).length).toBe(1);
      const [text] = textsTo(e164);
      expect(text!.body).toMatch(
        /^Monthly Blooms: your flowers are on the way today, .+ http:\/\/127\.0\.0\.1:\d+\/track\?t=[\w-]{22} Reply STOP to opt out\.$/,
      );
    } else {
      expect(textsTo(e164)).toEqual([]);
    }

    // STOP, as Twilio posts it: a forged signature changes nothing; a signed one turns texts off.
    const forged = await request.post('/api/sms/replies', signedReply({ From: e164, Body: 'STOP' }, 'not-the-token'));
    expect(forged.status()).toBe(403);
    const stop = await request.post('/api/sms/replies', signedReply({ From: e164, To: '+18015550100', Body: 'STOP' }));
    expect(stop.status()).toBe(200);
    await visitor.reload();
    await openTexts('off');
    const day = new Date(`${first.date}T12:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await expect(state).toHaveText(`Texts: off, you replied STOP on ${day}`);
    await expect(visitor.getByRole('checkbox', { name: 'Text me on delivery days' })).not.toBeChecked();
    await state.scrollIntoViewIfNeeded();
    await visitor.screenshot({ path: path.join(SCREENSHOTS, 'texts-account-off-390.png') });

    // Staff see the text and the consents in the subscription's history.
    const { rows } = await (
      await request.get(`/api/subscriptions?month=${first.month}&q=${encodeURIComponent(email)}`, { headers: admin })
    ).json();
    await staff.goto(`/subscription-history?id=${rows[0].id}`);
    const messages = staff.getByRole('list', { name: 'Delivery-day messages and text consents, newest first' });
    // Held for 8:00, the STOP came first; past 20:00, it was over before the STOP.
    const status = inHours ? 'sent' : hour < TEXT_HOURS.from ? 'opted-out' : 'too-late';
    await expect(messages).toContainText(MESSAGE_STATUS_LABELS[status]);
    await expect(messages).toContainText('Texts turned off by a STOP reply');
    await expect(messages).toContainText('Texts turned on at subscribing');
    await staff.screenshot({ path: path.join(SCREENSHOTS, 'texts-history-1280.png'), fullPage: true });
    await messages.screenshot({ path: path.join(SCREENSHOTS, 'texts-history-messages-1280.png') });
    expect(await axeViolations(staff)).toEqual([]);
  } finally {
    await moveClock(request, admin, null);
    await staffContext.close();
    await visitorContext.close();
  }
});
