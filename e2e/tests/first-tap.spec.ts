import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { SAVED_SUBSCRIBE_FORM_KEY } from '@blooms/shared/contract/app-start';
import { visitorsBrowser } from '../support/browsers';
import { holdApp, waitForScreenInReact } from '../support/hydration';
import { PHONE } from '../support/devices';

// A prerendered page's app arrives seconds after the first tap on a slow phone. Its script is
// held back here (route interception) so every tap below comes before the app, whatever this
// machine's speed: each control must answer it then, and the app must keep what it did.
test.use({ ...PHONE, launchOptions: visitorsBrowser });

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The app never arrives: what the page does on its own. */
async function withoutTheApp(page: Page): Promise<void> {
  await page.route('**/main.js', () => undefined);
}

test('with no app yet, every control on the public pages answers its first tap', async ({ page }) => {
  await withoutTheApp(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await expect(mainNav(page).getByRole('link', { name: 'FAQ' })).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).tap();
  await expect(mainNav(page).getByRole('link', { name: 'FAQ' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

  const carousel = page.getByRole('region', { name: 'What our subscribers say' });
  const track = carousel.locator('.carousel__track');
  const cardWidth = await carousel.getByRole('group', { name: '1 of 5' }).evaluate((card) => (card as HTMLElement).offsetWidth);
  await carousel.getByRole('button', { name: 'Next testimonial' }).tap();
  await expect.poll(() => track.evaluate((el) => Math.round(el.scrollLeft))).toBe(cardWidth + 32);
  await expect(carousel.getByRole('button', { name: 'Previous testimonial' })).toBeEnabled();
  await carousel.getByRole('button', { name: 'Previous testimonial' }).tap();
  await expect.poll(() => track.evaluate((el) => Math.round(el.scrollLeft))).toBe(0);
  await expect(carousel.getByRole('button', { name: 'Previous testimonial' })).toBeDisabled();

  const zip = page.getByLabel('Check your ZIP code');
  await zip.tap();
  await page.keyboard.type('84111');
  await expect(zip).toHaveValue('84111');

  await page.locator('main').getByRole('link', { name: 'Get Started' }).first().tap();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Start your subscription' })).toBeVisible();

  await page.getByLabel('First name').tap();
  await page.keyboard.type('Anna');
  await expect(page.getByLabel('First name')).toHaveValue('Anna');
  await page.getByRole('checkbox', { name: 'This is a gift' }).tap();
  await expect(page.getByLabel('Your name')).toBeVisible();
  await page.getByRole('radio', { name: /Custom/ }).tap();
  await expect(page.getByRole('checkbox', { name: 'March' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'March' }).tap();
  await expect(page.getByRole('checkbox', { name: 'March' })).not.toBeChecked();
  await page.getByRole('radio', { name: /Yearly/ }).tap();
  await expect(page.getByRole('checkbox', { name: 'March' })).toBeHidden();

  await page.goto('/faq');
  const answer = page.getByText(/^Yes, yourself, in My subscription/);
  await page.locator('summary', { hasText: 'Can I skip a month?' }).tap();
  await expect(answer).toBeVisible();
});

/** The home page, loaded, with the subscribe form fetched ahead and read (host/public/start.js). */
async function homeWithTheFormFetched(page: Page): Promise<void> {
  const formFetched = page.waitForResponse((response) => new URL(response.url()).pathname === '/subscribe');
  await page.goto('/');
  await formFetched;
  await page.waitForLoadState('networkidle');
  // Something of this document's own, to tell it from a page loaded after it.
  await page.evaluate(() => ((window as Window & { homeDocument?: boolean }).homeDocument = true));
}
const sameDocument = (page: Page) => page.evaluate(() => (window as Window & { homeDocument?: boolean }).homeDocument === true);
const getStarted = (page: Page) => page.locator('main').getByRole('link', { name: 'Get Started' }).first();

test('Get Started, before the app, opens the form fetched ahead in this document: its address, title and styles, focus on it, and no app fetched for the tap', async ({
  page,
}) => {
  const appFetchedFrom: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/main.js') appFetchedFrom.push(new URL(page.url()).pathname);
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await homeWithTheFormFetched(page);
  await getStarted(page).tap();

  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Start your subscription' })).toBeVisible();
  expect(await sameDocument(page), 'the form was put in place, not loaded').toBe(true);
  await expect(page).toHaveTitle('Subscribe | Monthly Blooms');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Start a \$99\/month/);
  // The form's own styles came with it: its fieldsets are drawn as on its own page.
  await expect(page.locator('.subscribe-form fieldset').first()).toHaveCSS('border-top-style', 'solid');
  await expect(page.locator('.site-nav a[aria-current="page"]')).toHaveCount(0);
  await expect(page.locator('main')).toBeFocused();
  expect(await page.evaluate(() => scrollY)).toBe(0);
  // A tap that opened the form started no app, here or (until the visitor's next move) on the form.
  await page.waitForTimeout(500);
  expect(appFetchedFrom).toEqual([]);

  // The visitor's first move on the form starts its app, which takes the form over as if it had loaded it.
  const vitals: { path: string }[] = [];
  await page.route('**/api/vitals', async (route) => {
    vitals.push(JSON.parse(route.request().postDataBuffer()?.toString() ?? 'null'));
    await route.continue();
  });
  await page.getByLabel('First name').tap();
  await page.keyboard.type('Anna');
  await waitForScreenInReact(page);
  await expect(page.getByLabel('First name')).toHaveValue('Anna');
  await page.getByLabel('ZIP code').click();
  await page.keyboard.type('84111');
  await expect(page.getByLabel('City')).toHaveValue('Salt Lake City');
  expect(appFetchedFrom).toEqual(['/subscribe']);
  // The figures web-vitals sends are the document's: it was loaded as the home page.
  await expect.poll(() => vitals.length).toBeGreaterThan(0);
  expect(vitals.map((vital) => vital.path)).toEqual(vitals.map(() => '/'));
  expect(errors).toEqual([]);

  // Back is the app's now: the home page, in the same document.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fresh flowers, hand-delivered every month' })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

test('Back from the form put in place before the app loads the home page again', async ({ page }) => {
  await withoutTheApp(page);
  await homeWithTheFormFetched(page);
  await getStarted(page).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Start your subscription' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fresh flowers, hand-delivered every month' })).toBeVisible();
  await expect(page).toHaveTitle('Fresh flowers, hand-delivered monthly | Monthly Blooms');
  expect(await sameDocument(page), 'a new document: nothing here could show the home page again').toBe(false);
});

test('Get Started is an ordinary link when the form could not be fetched ahead, and when pressed to open elsewhere', async ({
  page,
  context,
}) => {
  await withoutTheApp(page);
  // The fetch ahead fails; the link's own load does not.
  let fetchedAhead = false;
  await page.route('**/subscribe', async (route) => {
    if (route.request().resourceType() === 'fetch') {
      fetchedAhead = true;
      await route.fulfill({ status: 503, body: 'down' });
    } else await route.continue();
  });
  await homeWithTheFormFetched(page);
  expect(fetchedAhead).toBe(true);
  await getStarted(page).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Start your subscription' })).toBeVisible();
  expect(await sameDocument(page), 'loaded as a page').toBe(false);
  await page.unroute('**/subscribe');

  // Shift: a new window, as with any link; this page stays as it was.
  await homeWithTheFormFetched(page);
  const opened = context.waitForEvent('page');
  await getStarted(page).tap({ modifiers: ['Shift'] });
  const other = await opened;
  await expect(other).toHaveURL(/\/subscribe$/);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fresh flowers, hand-delivered every month' })).toBeVisible();
});

test('the menu and the carousel, moved before the app arrives, are where the app then has them', async ({ page }) => {
  let appArrives = await holdApp(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await expect(mainNav(page).getByRole('link', { name: 'FAQ' })).toBeVisible();
  await appArrives();
  // Open once, not opened again or closed by the app: one tap of the app's button closes it.
  await expect(mainNav(page).getByRole('link', { name: 'FAQ' })).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).tap();
  await expect(mainNav(page).getByRole('link', { name: 'FAQ' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

  appArrives = await holdApp(page);
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'What our subscribers say' });
  await carousel.getByRole('button', { name: 'Next testimonial' }).tap();
  await expect.poll(() => carousel.locator('.carousel__track').evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await appArrives();
  await expect(carousel.getByText('Testimonial 2 of 5')).toBeAttached();
  await expect(carousel.getByRole('button', { name: 'Previous testimonial' })).toBeEnabled();

  // The ZIP typed into the home page's checker before the app is checked once it arrives.
  appArrives = await holdApp(page);
  await page.goto('/');
  await page.getByLabel('Check your ZIP code').tap();
  await page.keyboard.type('84111');
  await appArrives();
  await expect(page.getByText('Great! We deliver to your area ✓ (Salt Lake City)')).toBeVisible();
});

test('the menu opened before the app locks the page behind it from scrolling, and the app, taking it over, keeps the lock until it closes', async ({
  page,
}) => {
  const appArrives = await holdApp(page);
  await page.goto('/');
  const cdp = await page.context().newCDPSession(page);
  const scrolled = () => page.evaluate(() => scrollY);
  // The page scrolled down by a gesture, which the call waits out (headless Chromium scrolls
  // for a synthesized wheel gesture, not for a synthesized touch one).
  const swipeUp = () => cdp.send('Input.synthesizeScrollGesture', { x: 195, y: 700, yDistance: -400, gestureSourceType: 'mouse' });

  await page.getByRole('button', { name: 'Open menu' }).tap();
  await expect(mainNav(page).getByRole('link', { name: 'FAQ' })).toBeVisible();
  await swipeUp();
  expect(await scrolled()).toBe(0);
  await appArrives();
  await swipeUp();
  expect(await scrolled()).toBe(0);
  await page.getByRole('button', { name: 'Close menu' }).tap();
  await expect(mainNav(page).getByRole('link', { name: 'FAQ' })).toBeHidden();
  await swipeUp();
  await expect.poll(scrolled).toBeGreaterThan(0);
});

test('what a visitor types, ticks and chooses on the subscribe form before the app arrives is kept, focus and caret too', async ({
  page,
}) => {
  const appArrives = await holdApp(page);
  await page.goto('/subscribe');
  await page.getByLabel('First name').tap();
  await page.keyboard.type('Anna');
  // Headless Chromium's touch emulation drops the keys typed into this field after a tap that
  // follows typing in another (keydown and keypress arrive, no beforeinput or input: the page
  // never sees them), so the ZIP is typed after a click; the check below tells that apart
  // from a value the app's take-over loses.
  await page.getByLabel('ZIP code').click();
  await page.keyboard.type('84111');
  await expect(page.getByLabel('ZIP code')).toHaveValue('84111');
  await page.getByRole('checkbox', { name: 'This is a gift' }).tap();
  await page.getByLabel('Your name').tap();
  await page.keyboard.type('Sam Lee');
  await page.getByRole('radio', { name: /Custom/ }).tap();
  await page.getByRole('checkbox', { name: 'March' }).tap();
  await page.getByLabel('Last name').tap();
  await page.keyboard.type('Lo');

  await appArrives();
  // Still in Last name, the caret after "Lo": the next keys carry on the word.
  await page.keyboard.type('pez');
  await expect(page.getByLabel('Last name')).toHaveValue('Lopez');
  await expect(page.getByLabel('First name')).toHaveValue('Anna');
  await expect(page.getByLabel('ZIP code')).toHaveValue('84111');
  // The app has them, not just the page: it filled the city from the ZIP and sums the plan up.
  await expect(page.getByLabel('City')).toHaveValue('Salt Lake City');
  await expect(page.getByRole('checkbox', { name: 'This is a gift' })).toBeChecked();
  await expect(page.getByLabel('Your name')).toHaveValue('Sam Lee');
  await expect(page.getByRole('radio', { name: /Custom/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'March' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'April' })).toBeChecked();
  await expect(page.getByText('11 deliveries a year, $99 each')).toBeVisible();
  const kept = await page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '{}'), SAVED_SUBSCRIBE_FORM_KEY);
  expect(kept).toMatchObject({
    firstName: 'Anna',
    lastName: 'Lopez',
    buyerName: 'Sam Lee',
    gift: true,
    plan: 'custom',
    selectedMonths: { March: false, April: true },
  });

  // Unticking the gift now is the app's to answer: its fields go.
  await page.getByRole('checkbox', { name: 'This is a gift' }).tap();
  await expect(page.getByLabel('Your name')).toBeHidden();
});

test('Subscribe pressed before the app arrives is sent once it has: the form is checked, nothing lost', async ({ page }) => {
  const appArrives = await holdApp(page);
  await page.goto('/subscribe');
  await page.getByLabel('First name').tap();
  await page.keyboard.type('Anna');
  await page.getByRole('button', { name: /^Subscribe for \$99\/month/ }).tap();
  // Not sent as a plain form (that would put the fields in the address).
  await expect(page).toHaveURL(/\/subscribe$/);
  await appArrives();
  await expect(page.getByText('Please fill in all required fields. Missing: LastName')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Anna');
});
