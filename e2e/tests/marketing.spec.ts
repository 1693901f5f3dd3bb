import path from 'node:path';
import { expect, test } from '../support/test';
import { waitForHydration } from '../support/hydration';

const PAGES = [
  ['/', 'home', 'Fresh flowers, hand-delivered every month'],
  ['/how-it-works', 'how-it-works', 'How It Works'],
  ['/seasonal-collections', 'seasonal-collections', 'Seasonal Collections'],
  ['/faq', 'faq', 'Frequently Asked Questions'],
  ['/about-shelby-floral', 'about', 'About Shelby Floral'],
  ['/privacy-policy', 'privacy-policy', 'Privacy Policy'],
  ['/terms-of-service', 'terms-of-service', 'Terms of Service'],
] as const;

const WIDTHS = [
  ['phone', 390, 844],
  ['desktop', 1440, 900],
] as const;

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');

for (const [device, width, height] of WIDTHS) {
  test(`every marketing page fits a ${width} px ${device} without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    for (const [route, name, heading] of PAGES) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      // Sections below the fold are laid out only near the screen (content-visibility: auto),
      // which clips what overflows them and leaves them blank in a full-page screenshot: draw
      // them all, so both the measure and the picture cover the whole page.
      await page.addStyleTag({ content: '.screen > * { content-visibility: visible !important; }' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${route} at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      // The picture is of the whole page, so the pictures below the fold are fetched now, not as a visitor scrolls to them.
      await page.evaluate(() => document.querySelectorAll('img').forEach((img) => (img.loading = 'eager')));
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${device}.png`), fullPage: true });
    }
  });
}

test("the carousel's Next button moves by one card plus 32 px", async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const carousel = page.getByRole('region', { name: 'What our subscribers say' });
  await carousel.scrollIntoViewIfNeeded();
  const track = carousel.locator('.carousel__track');
  const cardWidth = await carousel.getByRole('group', { name: '1 of 5' }).evaluate((card) => (card as HTMLElement).offsetWidth);
  expect(await track.evaluate((el) => el.scrollLeft)).toBe(0);
  await expect(carousel.getByRole('button', { name: 'Previous testimonial' })).toBeDisabled();

  await carousel.getByRole('button', { name: 'Next testimonial' }).click();
  await expect.poll(() => track.evaluate((el) => Math.round(el.scrollLeft))).toBe(cardWidth + 32);
  await expect(carousel.getByText('Testimonial 2 of 5')).toBeAttached();
  await expect(carousel.getByRole('button', { name: 'Previous testimonial' })).toBeEnabled();

  // Keyboard works too; the track stops at its end, and Next is then disabled.
  const maxScroll = await track.evaluate((el) => el.scrollWidth - el.clientWidth);
  await carousel.getByRole('button', { name: 'Next testimonial' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => track.evaluate((el) => Math.round(el.scrollLeft))).toBe(Math.min(2 * (cardWidth + 32), maxScroll));
  // On to the end with Enter on the focused button: once it is disabled a press does nothing
  // (a click would wait for it to be enabled again, which it never is).
  for (let step = 3; step <= 6; step++) {
    await page.keyboard.press('Enter');
    await expect.poll(() => track.evaluate((el) => Math.round(el.scrollLeft))).toBe(Math.min(step * (cardWidth + 32), maxScroll));
  }
  await expect(carousel.getByRole('button', { name: 'Next testimonial' })).toBeDisabled();
});

test('the FAQ answers open with the keyboard', async ({ page }) => {
  await page.goto('/faq');
  await waitForHydration(page);
  const question = page.locator('summary', { hasText: 'Do you deliver outside Utah?' });
  const answer = page.getByText(/by hand along the I-15 corridor from Bountiful to Provo/);
  await expect(answer).toBeHidden();
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(answer).toBeVisible();
  await page.keyboard.press('Space');
  await expect(answer).toBeHidden();
});

test('a visitor never downloads Firebase on the marketing pages', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  for (const route of ['/', '/faq', '/how-it-works']) {
    await page.goto(route);
    // The app running, as for anyone who uses the page.
    await waitForHydration(page);
  }
  // A browser where staff signed in starts Firebase at the page's first idle time: wait past
  // that moment (idle callbacks run in the order asked), then for the network to go quiet.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 4000 })));
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => /\/auth\.[0-9a-f]{8}\.js$|firebase/.test(script))).toEqual([]);
});

test('the home page checks a ZIP code against the delivery area, beside a map of the three counties', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await waitForHydration(page);
  const area = page.getByRole('region', { name: 'Where we deliver' });
  await expect(area.getByRole('img', { name: /Map of Salt Lake, Utah and Davis counties/ })).toBeVisible();
  const zip = area.getByLabel('Check your ZIP code');
  await zip.fill('84010');
  await expect(area.getByText('Great! We deliver to your area ✓ (Bountiful)')).toBeVisible();
  await area.getByRole('link', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Start your subscription' })).toBeVisible();
});
