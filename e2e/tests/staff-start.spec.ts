import { type Page, type Request, type Route } from '@playwright/test';
import { expect, test } from '../support/test';
import { HOST_STARTUP_FILES, type HostStartupFiles } from '@blooms/shared/contract/app-start';
import { signInAsStaff } from '../support/session';
import { addStaffMember } from '../support/staff';
import { LAPTOP, PHONE } from '../support/devices';

/** The page's own requests (not its service worker's fetch of each), by path. */
function pageRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    if (!request.serviceWorker()) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

/** The staff remote's scripts among these requests. */
const remoteScripts = (paths: string[]) => paths.filter((path) => /^\/remotes\/staff\/.+\.js$/.test(path));

/** Holds every request for these files until `release` is called. */
async function holdFiles(page: Page, files: string[]) {
  const held: Route[] = [];
  let holding = true;
  const paths = new Set(files.map((file) => `/${file}`));
  const handler = (route: Route) => (holding ? void held.push(route) : void route.continue());
  await page.context().route((url) => paths.has(url.pathname), handler);
  return {
    held: () => held.length,
    release: async () => {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

test("a staff page fetches the host's start-up chunks with the page, and sends its first requests once the sign-in is restored, before the app's code has arrived", async ({
  browser,
}) => {
  const laptop = await browser.newContext(LAPTOP);
  const phone = await browser.newContext(PHONE);
  const admin = await laptop.newPage();
  const driver = await phone.newPage();
  const driverEmail = `sam-${Date.now()}@blooms.example`;
  await addStaffMember(admin, 'Sam Early', driverEmail);
  await signInAsStaff(driver, driverEmail, 'my-deliveries');
  await expect(driver.getByRole('heading', { level: 1, name: "Sam's Deliveries" })).toBeVisible();
  // Cold, as after a phone's restart with the sign-in kept: no service worker, nothing cached.
  await driver.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const key of await caches.keys()) await caches.delete(key);
  });
  const startup = (await (await driver.request.get(`/${HOST_STARTUP_FILES}`)).json()) as HostStartupFiles;
  const appOnly = startup.app.filter((file) => !startup.signIn.includes(file) && file.endsWith('.js'));
  expect(appOnly.length).toBeGreaterThan(0);

  // The app's own chunks held back (React, the router, zod): the sign-in still starts, and the
  // record and the opening are asked for, once each.
  const appChunks = await holdFiles(driver, appOnly);
  const requests = pageRequests(driver);
  const page = await driver.goto('/my-deliveries', { waitUntil: 'commit' });
  await expect.poll(appChunks.held).toBeGreaterThan(0);
  await expect.poll(() => requests.filter((path) => path === '/api/me')).toHaveLength(1);
  await expect.poll(() => requests.filter((path) => path === '/api/my-deliveries/start')).toHaveLength(1);
  expect(appChunks.held()).toBeGreaterThan(0);
  // The screen's code is on its way too: its chunks and the remote's own copies of the shared
  // modules the host does not have (@tanstack/react-query), none of them waiting for the app.
  await expect.poll(() => requests.some((path) => path.startsWith('/remotes/staff/__federation_expose_MyDeliveries.'))).toBe(true);
  const remoteScriptsWhileHeld = new Set(remoteScripts(requests));

  // The code arrives: the screen takes those answers instead of asking again.
  await appChunks.release();
  await expect(driver.getByRole('heading', { level: 1, name: "Sam's Deliveries" })).toBeVisible();
  const shownWith = [...requests];
  await expect(driver.getByText('Live updates on')).toBeVisible();
  expect(requests.filter((path) => path === '/api/me')).toHaveLength(1);
  expect(requests.filter((path) => path === '/api/my-deliveries/start')).toHaveLength(1);

  // Every start-up chunk was named in the page's preload hints, and every one named was used.
  const link = (await page!.allHeaders()).link ?? '';
  const preloaded = [...link.matchAll(/<([^>]+)>; rel=preload/g)].map((match) => match[1]!);
  for (const file of [...startup.signIn, ...startup.app]) expect(preloaded).toContain(`/${file}`);
  // (web-vitals is fetched once the app is up, to report the visit: not a start-up chunk.)
  const hostChunks = shownWith.filter((path) => /^\/[\w-]+\.[0-9a-f]{8}\.(js|css)$/.test(path) && !path.startsWith('/web-vitals.'));
  expect(hostChunks.filter((path) => !preloaded.includes(path))).toEqual([]);
  expect(new Set(hostChunks)).toEqual(new Set([...startup.signIn, ...startup.app].map((file) => `/${file}`)));
  // Every script of the remote the screen ran with had been asked for before the app's code came.
  expect(remoteScripts(shownWith).filter((path) => !remoteScriptsWhileHeld.has(path))).toEqual([]);

  await laptop.close();
  await phone.close();
});
