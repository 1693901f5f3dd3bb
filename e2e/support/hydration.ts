import type { Page } from '@playwright/test';

/**
 * A prerendered page starts its app at the visitor's first sign of use (host/public/start.js);
 * this is one: a key pressed that does nothing else.
 */
export async function showIntent(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
}

/** Waits until React has taken over the page's screen, without doing anything to start it. */
export async function waitForScreenInReact(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const screen = document.querySelector('.screen');
    return screen !== null && Object.keys(screen).some((key) => key.startsWith('__reactFiber'));
  });
}

/**
 * Starts the app as a visitor would and waits until React has taken over the page's screen.
 * A prerendered page is readable at once, but its buttons only work from then on (links work
 * before, as plain links).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await showIntent(page);
  await waitForScreenInReact(page);
}

/**
 * Holds the app's script back until the returned function is called (then waits until React
 * has the page's screen): a phone slow to fetch and start the app, whatever this machine's speed.
 */
export async function holdApp(page: Page): Promise<() => Promise<void>> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/main.js', async (route) => {
    await held;
    await route.continue();
  });
  return async () => {
    release();
    await waitForScreenInReact(page);
    await page.unroute('**/main.js');
  };
}
