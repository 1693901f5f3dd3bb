import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '../support/test';
import { ADMIN_EMAIL, mainNav, signInAsStaff, signInLocally } from '../support/session';
import { showIntent } from '../support/hydration';

const PUBLIC_ROUTES: [string, string][] = [
  ['/', 'marketing'],
  ['/how-it-works', 'marketing'],
  ['/seasonal-collections', 'marketing'],
  ['/faq', 'marketing'],
  ['/about-shelby-floral', 'marketing'],
  ['/privacy-policy', 'marketing'],
  ['/terms-of-service', 'marketing'],
  ['/subscribe', 'subscribe'],
  ['/confirmation', 'subscribe'],
];

test('every public route renders through its remote', async ({ page }) => {
  for (const [route, remote] of PUBLIC_ROUTES) {
    await page.goto(route);
    const screen = page.locator(`[data-remote="${remote}"]`);
    await expect(screen, `${route} comes from the ${remote} remote`).toBeVisible();
    await expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test('an unknown route shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[data-remote="marketing"]')).toBeVisible();
});

test('the admin signs in through the local dialog; the header changes and staff routes render', async ({ page }) => {
  await page.goto('/');
  await expect(mainNav(page).getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Today' })).toHaveCount(0);
  await expect(mainNav(page).getByRole('link', { name: 'Users' })).toHaveCount(0);

  await signInAsStaff(page, ADMIN_EMAIL);
  await expect(page.locator('[data-remote="staff"]')).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'page');
  await expect(mainNav(page).getByRole('link', { name: 'Users' })).toBeVisible();

  await mainNav(page).getByRole('link', { name: 'Users' }).click();
  await expect(page.locator('[data-remote="admin"]')).toBeVisible();
  await page.goto('/my-deliveries');
  await expect(page.locator('[data-remote="staff"]')).toBeVisible();

  // The session survives a reload, and /login goes straight on to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(mainNav(page).getByRole('link', { name: 'Today' })).toHaveCount(0);
});

test('an e-mail with no user record gets the exact alert and stays signed out', async ({ page }) => {
  await signInLocally(page, 'stranger@elsewhere.example');
  const alert = page.getByRole('alertdialog', { name: 'Warning' });
  await expect(alert).toContainText("You're not authorized to access this app. Please contact the admin.");
  await alert.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(mainNav(page).getByRole('link', { name: 'Today' })).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-out visitor opening a staff route lands on /login', async ({ page }) => {
  for (const route of ['/dashboard', '/my-deliveries', '/forecast', '/users']) {
    await page.goto(route);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Login to Monthly Blooms' })).toBeVisible();
  }
});

test('a remote whose manifest URL points nowhere shows the fallback while the rest keeps working', async ({ page }) => {
  await page.route('**/app-config.json', async (route) => {
    const response = await route.fetch();
    const config = await response.json();
    config.remotes.marketing = '/remotes/nowhere/mf-manifest.json';
    await route.fulfill({ response, json: config });
  });
  await page.goto('/faq');
  await showIntent(page);
  const fallback = page.getByRole('alert');
  await expect(fallback).toContainText('This section is not available right now');
  await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
  // Header, footer and the other remotes are unaffected.
  await expect(page.getByRole('contentinfo')).toContainText('Monthly Blooms');
  await mainNav(page).getByRole('link', { name: 'Get Started' }).click();
  await expect(page.locator('[data-remote="subscribe"]')).toBeVisible();
});

test('Retry loads a remote that has come back', async ({ page }) => {
  let down = true;
  await page.route('**/remotes/marketing/**', (route) => (down ? route.abort('connectionrefused') : route.fallback()));
  await page.goto('/faq');
  await showIntent(page);
  await expect(page.getByRole('alert')).toContainText('This section is not available right now');
  down = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('[data-remote="marketing"]')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('React, zod and the other singletons are loaded once, from the host', async ({ page }) => {
  // React's own code carries this key; a bundle that merely uses the shared React does not.
  const REACT_INTERNALS = '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE';
  const scriptPaths = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scriptPaths.add(url.pathname);
  });
  await signInAsStaff(page, ADMIN_EMAIL);
  await page.goto('/faq');
  await expect(page.locator('[data-remote="marketing"]')).toBeVisible();
  await page.goto('/users');
  await expect(page.locator('[data-remote="admin"]')).toBeVisible();

  const loaded = await Promise.all(
    [...scriptPaths].map(async (path) => ({ path, hasReact: (await (await page.request.get(path)).text()).includes(REACT_INTERNALS) })),
  );
  expect(loaded.filter((s) => s.path.startsWith('/remotes/')).length, 'remote scripts were loaded').toBeGreaterThan(0);
  const withReact = loaded.filter((s) => s.hasReact).map((s) => s.path);
  expect(withReact.length, 'React code was loaded').toBeGreaterThan(0);
  for (const path of withReact) expect(path, 'React code comes only from the host').not.toMatch(/^\/remotes\//);

  const providers = await page.evaluate(() => {
    type Entry = { from: string; loaded?: boolean };
    const share = (
      window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Entry>>>> } }
    ).__FEDERATION__.__SHARE__;
    const used: Record<string, string[]> = {};
    for (const scopes of Object.values(share))
      for (const packages of Object.values(scopes))
        for (const [name, versions] of Object.entries(packages))
          for (const entry of Object.values(versions)) if (entry.loaded) (used[name] ??= []).push(entry.from);
    return used;
  });
  for (const name of [
    'react',
    'react-dom',
    'react-router-dom',
    'zustand',
    'zod',
    '@blooms/shared/runtime/auth-store',
    '@blooms/shared/runtime/popup-store',
  ]) {
    expect(new Set(providers[name]), `${name} is provided by the host alone`).toEqual(new Set(['host']));
  }
});

test('rebuilding one remote alone shows its new build on reload, without rebuilding the host', async ({ page }) => {
  const repoRoot = path.resolve(__dirname, '..', '..');
  await page.goto('/faq');
  const screen = page.locator('[data-remote="marketing"]');
  await expect(screen).toBeVisible();
  const before = await screen.getAttribute('data-build');
  const hostMain = await (await page.request.get('/main.js')).text();

  const buildId = `e2e-${Date.now()}`;
  execFileSync('pnpm', ['--filter', './marketing-remote', 'build'], {
    cwd: repoRoot,
    env: { ...process.env, BLOOMS_BUILD_ID: buildId },
    stdio: 'ignore',
  });

  await page.reload();
  await expect(page.locator('[data-remote="marketing"]')).toHaveAttribute('data-build', buildId);
  expect(buildId).not.toBe(before);
  expect(await (await page.request.get('/main.js')).text()).toBe(hostMain);
});
