import { mainNav } from '../support/session';
import { showIntent } from '../support/hydration';
import { expectScreen, test } from './journey';

test('marketing: a visitor reads the home page, the FAQ and How It Works, moving by the menu', async ({ page }) => {
  await page.goto('/');
  await showIntent(page);
  await expectScreen(page, page.locator('[data-remote="marketing"]').getByRole('heading', { level: 1 }));
  await mainNav(page).getByRole('link', { name: 'FAQ' }).click();
  await expectScreen(page, page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }));
  await mainNav(page).getByRole('link', { name: 'How It Works' }).click();
  await expectScreen(page, page.locator('[data-remote="marketing"]').getByRole('heading', { level: 1 }));
});
