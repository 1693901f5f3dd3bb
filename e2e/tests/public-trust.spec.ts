import path from 'node:path';
import type { Page } from '@playwright/test';
import { PRERENDERED } from '@blooms/shared/contract/app-start';
import { FAQ } from '@blooms/shared/contract/faq';
import { PATH_ALIASES, SUBSCRIBE_AS_GIFT_PATH, SUBSCRIBER_HEADER_LABEL } from '@blooms/shared/contract/routes';
import { expect, test } from '../support/test';
import { waitForHydration } from '../support/hydration';
import { signInToAccount, subscribeByApi } from '../support/account';
import { axeViolations } from '../support/axe';

const SIZES = [
  ['phone', 390, 844],
  ['desktop', 1280, 900],
] as const;

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');

/** The header's links (in the menu on a phone) and the footer's, of this site, as a visitor finds them on the home page. */
async function siteLinks(page: Page, width: number): Promise<string[]> {
  await page.goto('/');
  if (width < 1100) await page.getByRole('button', { name: 'Open menu' }).click();
  const hrefs = await page
    .locator('header a[href], footer a[href]')
    .evaluateAll((links) =>
      links.filter((a) => (a as HTMLAnchorElement).origin === location.origin).map((a) => (a as HTMLAnchorElement).pathname),
    );
  return [...new Set(hrefs)];
}

for (const [device, width, height] of SIZES) {
  test.describe(`at ${width} px (${device})`, () => {
    test.use({ viewport: { width, height } });

    test('every header and footer link, and the short addresses the header suggests, open a page: none is the 404 page', async ({
      page,
    }) => {
      const links = await siteLinks(page, width);
      expect(links).toEqual(
        expect.arrayContaining(['/', '/how-it-works', '/seasonal-collections', '/faq', '/about-shelby-floral', '/gifts']),
      );
      for (const link of [...links, ...Object.keys(PATH_ALIASES)]) {
        const response = await page.goto(link);
        expect(response!.status(), `${link} answered ${response!.status()}`).toBeLessThan(400);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Page not found' }), link).toHaveCount(0);
      }
      // Collections and About lead where the header does.
      await page.goto('/collections');
      await expect(page).toHaveURL(/\/seasonal-collections$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Seasonal Collections' })).toBeVisible();
      await page.goto('/about');
      await expect(page).toHaveURL(/\/about-shelby-floral$/);
      await expect(page.getByRole('heading', { name: 'Who brings your flowers' })).toBeVisible();
      // In the app too (a link followed after it has started), not only from the server.
      await waitForHydration(page);
      await page.evaluate(() => {
        history.pushState(null, '', '/collections');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(page).toHaveURL(/\/seasonal-collections$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Seasonal Collections' })).toBeVisible();
    });

    test('About says who delivers and where; Collections what a month’s arrangement looks like', async ({ page }) => {
      await page.goto('/about-shelby-floral');
      await expect(page.getByRole('region', { name: 'Who brings your flowers' })).toContainText('Salt Lake, Utah and Davis counties');
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, `about-delivery-${device}.png`), fullPage: true });
      await page.goto('/seasonal-collections');
      await expect(page.getByRole('heading', { level: 2, name: 'What a month’s arrangement looks like' })).toBeVisible();
      await expect(page.getByText(/15 to 20 stems/)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, `collections-arrangement-${device}.png`) });
    });

    test('the gift page explains gift subscriptions and opens the subscribe form with its gift option ticked', async ({ page }) => {
      await page.goto('/gifts');
      await expect(page.getByRole('heading', { level: 1, name: 'Give flowers every month' })).toBeVisible();
      await expect(page.getByText('until you cancel it, or end after 3, 6 or 12 deliveries')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, `gifts-${device}.png`), fullPage: true });

      // Before the app has started: a plain link, and the page it opens ticks the box before its app too.
      await page.getByRole('link', { name: 'Send a gift subscription' }).first().click();
      await expect(page).toHaveURL(/\/subscribe\?gift=1$/);
      await expect(page.getByRole('checkbox', { name: 'This is a gift' })).toBeChecked();
      await expect(page.getByLabel('Your name')).toBeVisible();
      // The app takes the form over as it found it.
      await waitForHydration(page);
      await expect(page.getByRole('checkbox', { name: 'This is a gift' })).toBeChecked();
      await expect(page.getByLabel('Your email (for receipts)')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, `subscribe-as-gift-${device}.png`) });

      // Opened straight at its address, the page ticks the box before its app has started (start.js).
      await page.evaluate(() => sessionStorage.clear());
      await page.goto(SUBSCRIBE_AS_GIFT_PATH);
      await expect(page.getByRole('checkbox', { name: 'This is a gift' })).toBeChecked();
      await expect(page.locator('header')).not.toHaveAttribute(PRERENDERED.hydrated);

      // With the app running: the same button, through the app's router.
      await page.evaluate(() => sessionStorage.clear());
      await page.goto('/gifts');
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Send a gift subscription' }).first().click();
      await expect(page).toHaveURL(/\/subscribe\?gift=1$/);
      await expect(page.getByRole('checkbox', { name: 'This is a gift' })).toBeChecked();
      await expect(page.getByLabel('Your name')).toBeVisible();
    });

    test('the FAQ answers size, substitutions, damaged flowers, nobody home, vases, gifts, skipping and cancelling', async ({ page }) => {
      await page.goto('/faq');
      for (const question of [
        'How big is an arrangement, and how many stems?',
        'What if a flower you planned is not available?',
        'What if my flowers arrive damaged or wilt early?',
        'What if I’m not home?',
        'How do the vases work?',
        'Can I send flowers as a gift?',
        'Can I skip a month?',
        'How do I cancel?',
      ])
        await expect(page.getByRole('heading', { level: 2, name: question })).toBeVisible();
      expect(FAQ.length).toBeGreaterThanOrEqual(10);
      await page.getByText('What if my flowers arrive damaged or wilt early?').click();
      const damaged = page.locator('details', { hasText: 'What if my flowers arrive damaged or wilt early?' });
      await expect(damaged.getByRole('link', { name: 'studio@blooms-e2e.example' })).toBeVisible();
      await page.getByText('How big is an arrangement, and how many stems?').click();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, `faq-answers-${device}.png`), fullPage: true });
    });

    test('once a subscriber has signed in to the account, the header offers My account instead of Get Started, before the app and after; signing out brings Get Started back', async ({
      page,
      request,
    }) => {
      const email = `header-${device}-${Date.now()}@example.com`;
      await subscribeByApi(request, email, 'all');
      const header = page.getByRole('banner');
      const getStarted = header.getByRole('link', { name: 'Get Started' });
      const myAccount = header.getByRole('link', { name: SUBSCRIBER_HEADER_LABEL });
      const openMenu = async () => {
        if (width < 1100) await page.getByRole('button', { name: 'Open menu' }).click();
      };

      await page.goto('/how-it-works');
      await openMenu();
      await expect(getStarted).toBeVisible();
      await expect(myAccount).toBeHidden();

      await signInToAccount(page, email);
      await openMenu();
      await expect(myAccount).toBeVisible();
      await expect(getStarted).toBeHidden();

      for (const route of ['/', '/faq', '/gifts']) {
        await page.goto(route);
        // A prerendered page, with its app not started: the mark start.js put on the page already shows the account's button.
        if (route !== '/gifts') await expect(page.locator('header')).not.toHaveAttribute(PRERENDERED.hydrated);
        await expect(page.locator('html')).toHaveAttribute(PRERENDERED.subscriberBrowser);
        await openMenu();
        await expect(myAccount).toBeVisible();
        await expect(getStarted).toBeHidden();
        if (route === '/') {
          expect(await axeViolations(page, 'header')).toEqual([]);
          await page.screenshot({ path: path.join(SCREENSHOTS, `header-subscriber-${device}.png`) });
        }
      }
      // After hydration, the same button, and it leads to the account.
      await waitForHydration(page);
      await expect(myAccount).toBeVisible();
      await myAccount.click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByLabel('Email')).toBeVisible();
      await openMenu();
      await expect(getStarted).toBeVisible();
      await expect(myAccount).toBeHidden();
      await page.goto('/');
      await openMenu();
      await expect(getStarted).toBeVisible();
      await expect(myAccount).toBeHidden();
    });
  });
}
