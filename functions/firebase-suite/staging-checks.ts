// Checks on the stack `pnpm firebase:emulate` runs: a staging deployment (PAYMENTS=test) with
// contact details of its own, used as its visitors and staff use it.
import type { Browser, Page } from 'playwright-core';
import { REMOTE_NAMES, type RemoteName } from '@blooms/shared/contract/remotes';
import type { AppConfig } from '@blooms/shared/contract/app-config';
import { PAGE_CACHE_CONTROL } from '../src/firebase/hosting';
import { COLD_START_TIMING } from '../src/firebase/request-adapter';
import type { EmulatorStack } from '../deploy/emulator-stack';
import { check, expectEqual, expectTrue, fetch, hydrate, signIn, timings, waitFor, warmTimes, watchForProblems } from './support';

export const STAFF_ADMIN = 'admin@blooms.example';

/** A staging site's settings, none of the contact details the built-in defaults. */
export const STAGING_SETTINGS = {
  PAYMENTS: 'test',
  ADMIN_EMAILS: STAFF_ADMIN,
  CONTACT_EMAIL: 'studio@blooms-staging.example',
  CONTACT_PHONE: '(801) 555-0134',
  SOCIAL_INSTAGRAM_URL: 'https://instagram.com/blooms-staging.example',
};

/**
 * For each remote, an element of one of its screens and a style only that remote's style sheet
 * gives it: seeing it, the sheet came from the remote's site and was applied.
 */
const OWN_STYLE: Record<RemoteName, { selector: string; property: string; value: RegExp }> = {
  marketing: { selector: '.hero', property: 'background-image', value: /^linear-gradient/ },
  subscribe: { selector: '.subscribe-page__layout', property: 'display', value: /^grid$/ },
  staff: { selector: '.month-navigator', property: 'display', value: /^flex$/ },
  admin: { selector: '.add-user-form__fields', property: 'display', value: /^grid$/ },
};

async function expectOwnStyle(page: Page, remote: RemoteName, siteUrl: string): Promise<void> {
  const { selector, property, value } = OWN_STYLE[remote];
  await page.locator(selector).first().waitFor();
  const seen = await page.evaluate(
    ({ selector, property, siteUrl }) => {
      // Runs in the page (this package's types have no DOM).
      const { document, getComputedStyle } = globalThis as unknown as {
        document: { querySelector: (s: string) => object | null; querySelectorAll: (s: string) => { href: string }[] };
        getComputedStyle: (element: object) => { getPropertyValue: (name: string) => string };
      };
      return {
        style: getComputedStyle(document.querySelector(selector)!).getPropertyValue(property),
        sheets: [...document.querySelectorAll('link[rel="stylesheet"]')]
          .map((link) => link.href)
          .filter((href) => href.startsWith(siteUrl)),
        inlined: document.querySelector('style[data-prerendered]') !== null,
      };
    },
    { selector, property, siteUrl },
  );
  expectTrue(!seen.inlined, `${remote}: the page has no prerendered CSS inline, so its styles come from the style sheets`);
  expectTrue(seen.sheets.length > 0, `${remote}: a style sheet from ${siteUrl}`);
  expectTrue(value.test(seen.style), `${remote}: ${selector} has ${property} ${value} from its own style sheet (got '${seen.style}')`);
}

/** The Server-Timing of an answer that waited for its function's instance to start. */
const coldStart = new RegExp(`^${COLD_START_TIMING};dur=\\d+$`);

export async function stagingChecks(stack: EmulatorStack, browser: Browser): Promise<void> {
  const host = stack.siteUrl('host');
  const liveOrigin = new URL(stack.functionUrl('live')).origin;

  await check(
    'the first page through Hosting starts the pages function; a repeated page and app-config.json are answered by the instance already started',
    async () => {
      const started = Date.now();
      const home = await fetch(`${host}/`);
      timings.coldStartPages = `${Date.now() - started} ms (first /: instance start, the apps' files fetched from their sites)`;
      expectEqual(home.status, 200, 'status');
      // The emulator keeps no minimum instance: the first request waits, and its answer says so.
      expectTrue(
        coldStart.test(home.headers.get('server-timing') ?? ''),
        `the first page says it waited for the instance to start (Server-Timing: ${home.headers.get('server-timing')})`,
      );
      for (const path of ['/', '/app-config.json', '/faq']) {
        const repeated = await fetch(`${host}${path}`);
        expectEqual(repeated.status, 200, `${path} status`);
        expectEqual(repeated.headers.get('server-timing'), null, `${path}: Server-Timing of a cold start`);
      }
    },
  );
  await check('a public page through Hosting allows no inline script (script-src)', async () => {
    const home = await fetch(`${host}/`);
    const scriptSrc = home.headers
      .get('content-security-policy')
      ?.split(';')
      .find((directive) => directive.startsWith('script-src '));
    expectEqual(
      scriptSrc
        ?.split(' ')
        .slice(1)
        .filter((source) => source.startsWith("'")),
      ["'self'"],
      'the keywords the page allows scripts by',
    );
  });
  await check('/api/health through Hosting starts the api function on PostgreSQL, and the next call finds it started', async () => {
    const started = Date.now();
    const health = await fetch(`${host}/api/health`);
    timings.coldStartApi = `${Date.now() - started} ms (first /api/health: instance start, migrations checked under the lock (up to date), admin records)`;
    expectEqual(health.status, 200, 'status');
    expectTrue(coldStart.test(health.headers.get('server-timing') ?? ''), 'the first call says it waited for the instance to start');
    expectEqual((await fetch(`${host}/api/health`)).headers.get('server-timing'), null, 'Server-Timing of a repeated /api/health');
    const body = (await health.json()) as { status: string; database: string; problems: string[] };
    expectEqual(
      { status: body.status, database: body.database, problems: body.problems },
      { status: 'ok', database: 'postgres', problems: [] },
      'health',
    );
  });
  await check('the live function starts and refuses a stream without sign-in', async () => {
    const started = Date.now();
    const live = await fetch(`${stack.functionUrl('live')}/api/live`);
    timings.coldStartLive = `${Date.now() - started} ms (first call: instance start, migrations checked, LISTEN)`;
    expectEqual(live.status, 401, 'status');
  });

  await check(
    "each site's files: fixed names revalidated, hashed ones immutable, remotes readable cross-origin, no maps or precompressed copies",
    async () => {
      for (const site of REMOTE_NAMES) {
        const base = stack.siteUrl(site);
        const manifest = await fetch(`${base}/mf-manifest.json`);
        expectEqual(manifest.status, 200, `${site} manifest`);
        const entry = await fetch(`${base}/remoteEntry.js`);
        for (const [what, response] of [
          ['mf-manifest.json', manifest],
          ['remoteEntry.js', entry],
        ] as const) {
          expectEqual(response.headers.get('cache-control'), 'no-cache', `${site} ${what} Cache-Control`);
          expectEqual(response.headers.get('access-control-allow-origin'), '*', `${site} ${what} CORS`);
          expectEqual(response.headers.get('cross-origin-resource-policy'), 'cross-origin', `${site} ${what} CORP`);
        }
        const body = (await manifest.json()) as { exposes?: { assets?: { js?: { sync?: string[] } } }[] };
        const chunk = body.exposes?.flatMap((e) => e.assets?.js?.sync ?? []).find((file) => /\.[0-9a-f]{8}\.js$/.test(file));
        expectTrue(Boolean(chunk), `${site}: a hashed chunk in the manifest`);
        expectEqual(
          (await fetch(`${base}/${chunk}`)).headers.get('cache-control'),
          'public, max-age=31536000, immutable',
          `${site} ${chunk} Cache-Control`,
        );
        expectEqual((await fetch(`${base}/${chunk}.map`)).status, 404, `${site} source map`);
        expectEqual((await fetch(`${base}/remoteEntry.js.br`)).status, 404, `${site} precompressed copy`);
      }
      expectEqual((await fetch(`${host}/main.js`)).headers.get('cache-control'), 'no-cache', 'host main.js Cache-Control');
      const config = await fetch(`${host}/app-config.json`);
      expectEqual(config.headers.get('cache-control'), 'no-cache', 'app-config.json Cache-Control');
      const appConfig = (await config.json()) as { remotes: Record<string, string>; liveUrl: string; testClock: boolean };
      expectEqual(appConfig.remotes.marketing, `${stack.siteUrl('marketing')}/mf-manifest.json`, 'app-config remote URL');
      expectEqual(appConfig.liveUrl, `${stack.functionUrl('live')}/api/live`, 'app-config live URL');
      expectEqual(appConfig.testClock, false, 'a test clock under Cloud Functions');
    },
  );

  await check(
    'pages come prerendered from the pages function, with one Content-Security-Policy on every path, naming every remote site',
    async () => {
      const page = await fetch(`${host}/faq`);
      const html = await page.text();
      expectEqual(page.status, 200, 'status');
      expectTrue(
        html.includes('Frequently Asked Questions') && html.includes('data-prerendered'),
        'the FAQ screen and its CSS are in the HTML',
      );
      expectTrue(html.includes(STAGING_SETTINGS.CONTACT_EMAIL), "the site's own contact e-mail is in the HTML");
      expectEqual(page.headers.get('cache-control'), PAGE_CACHE_CONTROL, 'Cache-Control');
      const csp = page.headers.get('content-security-policy') ?? '';
      const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
      for (const site of REMOTE_NAMES) {
        for (const name of ['script-src', 'style-src', 'img-src', 'connect-src'])
          expectTrue(directive(name).includes(stack.siteUrl(site)), `${name} names ${stack.siteUrl(site)}`);
      }
      expectTrue(directive('connect-src').includes(liveOrigin), 'connect-src names the live function');
      for (const path of ['/', '/dashboard', '/no/such/page', '/checkout/test/cs_test_local_unknown', '/api/health']) {
        expectEqual((await fetch(`${host}${path}`)).headers.get('content-security-policy'), csp, `the Content-Security-Policy of ${path}`);
      }
      expectTrue((await (await fetch(`${host}/`)).text()).includes('id="root"><'), '/ is prerendered too (not the bare index.html)');
      expectEqual((await fetch(`${host}/no/such/page`)).status, 404, 'unknown page status');
      timings.warmPage = `${await warmTimes(20, () => fetch(`${host}/how-it-works`))} (/how-it-works through Hosting, 20 requests)`;
      const asAdmin = { Authorization: `Bearer ${await signIn(stack.authHost, STAFF_ADMIN)}` };
      timings.warmApi = `${await warmTimes(20, () => fetch(`${host}/api/me`, { headers: asAdmin }))} (/api/me through Hosting, token checked, 20 requests)`;
    },
  );

  await check("in Chromium, every prerendered page hydrates with the site's own contact details: no error, nothing redrawn", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = await watchForProblems(page);
    try {
      // The public pages the live remotes declare.
      const { routes = [] } = (await (await fetch(`${host}/app-config.json`)).json()) as AppConfig;
      expectTrue(routes.length > 0, 'app-config.json names the routes');
      for (const route of routes.filter((r) => r.access === 'public' && r.path !== '/confirmation' && r.path !== '/account')) {
        await page.goto(`${host}${route.path}`);
        const heading = page.getByRole('heading', { level: 1 }).first();
        await heading.evaluate((element) => ((globalThis as unknown as { sent: unknown }).sent = element));
        await hydrate(page);
        await page.waitForLoadState('networkidle');
        expectTrue(
          await heading.evaluate((element) => element === (globalThis as unknown as { sent: unknown }).sent),
          `${route.path}: React kept the heading the server sent`,
        );
        expectTrue(
          (await page.getByRole('contentinfo').innerText()).includes(STAGING_SETTINGS.CONTACT_EMAIL),
          `${route.path}: the footer shows ${STAGING_SETTINGS.CONTACT_EMAIL}`,
        );
      }
      expectEqual(problems, [], 'problems');
    } finally {
      await page.close();
    }
  });

  await check(
    'in Chromium, a visitor subscribes through the test checkout on the host site, and the outbox function sends the confirmation',
    async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const problems = await watchForProblems(page);
      const email = `june.${Date.now()}@example.com`;
      try {
        await page.goto(`${host}/subscribe`);
        await hydrate(page);
        for (const [label, value] of [
          ['First name', 'June'],
          ['Last name', 'Staging'],
          ['Email', email],
          ['Phone', '801-555-0199'],
          ['Street address', '350 S 200 E'],
          ['ZIP code', '84101'],
        ]) {
          await page.getByLabel(label!, { exact: true }).fill(value!);
        }
        await page.getByText('Great! We deliver to your area ✓').waitFor();
        await page.getByRole('button', { name: /^Subscribe for \$99\/month/ }).click();
        await page.waitForURL(new RegExp(`^${host}/checkout/test/cs_test_local_`));
        expectTrue((await page.getByRole('note').innerText()).includes('TEST MODE'), 'the test checkout page');
        await page.getByRole('button', { name: 'Pay $99.00' }).click();
        await page.waitForURL(new RegExp(`^${host}/confirmation\\?session_id=cs_test_local_`));
        await page.getByRole('heading', { name: "You're All Set!" }).waitFor();
        await waitFor(() => stack.mail.received.some((mail) => mail.to.includes(email)), 30_000, 'the confirmation e-mail');
        expectEqual(problems, [], 'problems');
      } finally {
        await context.close();
      }
      return `paid on ${host}/checkout/test/…, confirmed, e-mail sent by the outbox function`;
    },
  );

  await check(
    "in Chromium on a phone, Get Started on the host site shows the form fetched ahead in place: styled, with this deployment's contact details, taken over by the app, no CSP violation or console error",
    async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const problems = await watchForProblems(page);
      try {
        const formFetched = page.waitForResponse((response) => new URL(response.url()).pathname === '/subscribe');
        await page.goto(`${host}/`);
        expectEqual((await formFetched).status(), 200, 'the form fetched ahead');
        await page.waitForLoadState('networkidle');
        // Something of the home page's document, to tell it from a page loaded after it (in the page: this package's types have no DOM).
        type InPage = { homeDocument?: boolean };
        await page.evaluate(() => ((globalThis as unknown as InPage).homeDocument = true));
        await page.locator('main').getByRole('link', { name: 'Get Started' }).first().tap();
        await page.getByRole('heading', { level: 1, name: 'Start your subscription' }).waitFor();
        expectEqual(new URL(page.url()).pathname, '/subscribe', 'the address');
        expectTrue(
          await page.evaluate(() => (globalThis as unknown as InPage).homeDocument === true),
          'the form was put in place in the same document',
        );
        const border = await page
          .locator('.subscribe-form fieldset')
          .first()
          .evaluate((fieldset) => {
            const { getComputedStyle } = globalThis as unknown as { getComputedStyle: (element: unknown) => { borderTopStyle: string } };
            return getComputedStyle(fieldset).borderTopStyle;
          });
        expectEqual(border, 'solid', "the form's fieldsets drawn by its own CSS");
        await page.getByRole('contentinfo').getByText(STAGING_SETTINGS.CONTACT_PHONE).waitFor();
        await hydrate(page);
        await page.getByLabel('First name', { exact: true }).fill('June');
        expectEqual(problems, [], 'problems');
      } finally {
        await context.close();
      }
      return 'the form shown in place from the host site, then the app took it over';
    },
  );

  await check(
    'in Chromium, a staff session through the dashboard and /users: each remote from its own site, its style sheet applied, no CSP violation or console error',
    async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const problems = await watchForProblems(page);
      const entries = new Set<string>();
      page.on('response', (response) => {
        if (response.url().endsWith('/remoteEntry.js') && response.ok()) entries.add(new URL(response.url()).origin);
      });
      try {
        await page.goto(`${host}/login`);
        await page.getByRole('button', { name: 'Sign in with Google' }).click();
        const dialog = page.getByRole('dialog', { name: 'Local Google sign-in' });
        await dialog.getByLabel('Email').fill(STAFF_ADMIN);
        await dialog.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL(/\/dashboard$/);
        await page.getByText('Live updates on').waitFor({ timeout: 15_000 });
        await expectOwnStyle(page, 'staff', stack.siteUrl('staff'));
        const nav = page.getByRole('navigation', { name: 'Main' });
        await nav.getByRole('link', { name: 'Users' }).click();
        await page.getByRole('button', { name: 'Add User' }).waitFor();
        await expectOwnStyle(page, 'admin', stack.siteUrl('admin'));
        // On a staff screen the site's pages are behind the Site menu.
        await nav.getByRole('button', { name: 'Site' }).click();
        await nav.getByRole('link', { name: 'Home' }).click();
        await expectOwnStyle(page, 'marketing', stack.siteUrl('marketing'));
        await page.getByRole('contentinfo').getByRole('link', { name: 'Subscribe' }).click();
        await expectOwnStyle(page, 'subscribe', stack.siteUrl('subscribe'));
        for (const site of REMOTE_NAMES)
          expectTrue(
            entries.has(stack.siteUrl(site)),
            `remoteEntry.js of ${site} from ${stack.siteUrl(site)} (loaded: ${[...entries].join(', ')})`,
          );
        expectEqual(problems, [], 'problems');
      } finally {
        await context.close();
      }
      return 'staff, admin, marketing and subscribe styled from their own sites; live feed on';
    },
  );
}
