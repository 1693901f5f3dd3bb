import { expect, test } from '../support/test';
import { ADMIN_EMAIL, signInAsStaff } from '../support/session';
import { waitForHydration } from '../support/hydration';
import { DECLARED_ROUTES } from '../support/routes';
import { axeViolations } from '../support/axe';

const PUBLIC = DECLARED_ROUTES.filter((route) => route.access === 'public').map((route) => route.path);

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
]) {
  for (const path of [...PUBLIC, '/login', '/no/such/page']) {
    test(`axe finds nothing on ${path}, on a ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}

// Every "axe finds nothing" above and elsewhere holds only if the check can find something.
test('the check reports what is broken on the page, and where', async ({ page }) => {
  await page.goto('/faq');
  await waitForHydration(page);
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    main.append(Object.assign(document.createElement('button'), { id: 'unnamed' }));
    main.append(Object.assign(document.createElement('img'), { id: 'no-alt', src: '/no-such.png' }));
  });
  const found = await axeViolations(page);
  expect(found).toEqual([
    expect.stringMatching(/^button-name \(critical\): .* — #unnamed$/),
    expect.stringMatching(/^image-alt \(critical\): .* — #no-alt$/),
  ]);
});

test('axe finds nothing on the staff screens, nor in the open mobile menu', async ({ page }) => {
  await signInAsStaff(page, ADMIN_EMAIL);
  const found: Record<string, string[]> = {};
  for (const path of DECLARED_ROUTES.filter((route) => route.access !== 'public').map((route) => route.path)) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    found[path] = await axeViolations(page);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  found['open mobile menu'] = await axeViolations(page);
  expect(found).toEqual(Object.fromEntries(Object.keys(found).map((path) => [path, []])));
});

test('the skip link is the first Tab stop, sits clear of the logo, and skips to the content', async ({ page }) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/how-it-works');
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    const skipBox = (await skip.boundingBox())!;
    const logoBox = (await page.getByRole('banner').getByRole('link', { name: 'Monthly Blooms' }).boundingBox())!;
    const overlaps =
      skipBox.x < logoBox.x + logoBox.width &&
      logoBox.x < skipBox.x + skipBox.width &&
      skipBox.y < logoBox.y + logoBox.height &&
      logoBox.y < skipBox.y + skipBox.height;
    expect(overlaps, `skip link ${JSON.stringify(skipBox)} overlaps the logo ${JSON.stringify(logoBox)}`).toBe(false);
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  }
});

test('Tab never leaves the open mobile menu for the dimmed page, and Escape hands focus back', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await waitForHydration(page);
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  for (let press = 0; press < 12; press++) {
    await page.keyboard.press(press % 4 === 3 ? 'Shift+Tab' : 'Tab');
    const inMenu = await page.evaluate(() => {
      const active = document.activeElement;
      return !!active && (active.closest('#site-nav') !== null || active.classList.contains('menu-toggle'));
    });
    expect(inMenu, `Tab ${press + 1} left the menu`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});

test('after a route change, focus is on the new page’s main heading, from the header and from the mobile menu', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'FAQ' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeFocused();
  // The next Tab continues on the new page, not back at the top of the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await nav.getByRole('link', { name: 'Collections' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Seasonal Collections' })).toBeFocused();
});

test('the testimonial carousel scrolls with the arrow keys once focused', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await waitForHydration(page);
  const track = page.getByRole('group', { name: /^Testimonials/ });
  await track.focus();
  await expect(track).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
});
