import type { Page } from '@playwright/test';

/**
 * Waits until React has taken over the page's screen. A prerendered page is readable at once,
 * but its buttons only work from then on (links work before, as plain links).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const screen = document.querySelector('.screen');
    return screen !== null && Object.keys(screen).some((key) => key.startsWith('__reactFiber'));
  });
}
