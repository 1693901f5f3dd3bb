import path from 'node:path';
import { expectNoAxeViolations } from '../support/axe';
import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { addMonths, monthNameOf } from '@blooms/shared/contract/months';
import { calendarMonth, expect, test } from '../support/test';
import { ADMIN_EMAIL, signInAsStaff } from '../support/session';
import { showMonth } from '../support/staff';
import { PHONE } from '../support/devices';
import { subscribeByApi, type Place } from '../support/account';
import { FAKE_MAPS_KEY, GEOCODED, fakeStaticMap, pixelOn, viewOf, type StaticMapView } from '../support/fake-static-map';

const SCREENSHOTS = path.join(__dirname, '..', 'artifacts', 'screenshots');
const MONTH = addMonths(calendarMonth(), 2);
const TAG = `Map${Date.now().toString(36)}`;
// Three stops a few streets apart downtown (one marker), one in Provo and one in Sandy, each
// placed by the geocoder stand-in away from its ZIP's centre.
const DOWNTOWN = ['50 W Broadway', '150 S Main St', '222 S Main St'].map((address) => ({ address, city: 'Salt Lake City', zip: '84101' }));
const PROVO: Place = { address: '1450 N University Ave', city: 'Provo', zip: '84601' };
const SANDY: Place = { address: '10000 S Centennial Pkwy', city: 'Sandy', zip: '84070' };
const STOPS = [...DOWNTOWN, PROVO, SANDY];
const geocoded = (place: Place) => GEOCODED[`${place.address}, ${place.city}, UT ${place.zip}`.toLowerCase()]!;

test.beforeAll(async ({ request }) => {
  for (const [i, place] of STOPS.entries())
    await subscribeByApi(request, `tiles-${TAG}-${i}@example.com`, [monthNameOf(MONTH)], `Tiles${i}`, TAG, place);
});

interface Opened {
  page: Page;
  drawing: Locator;
  image: Locator;
  /** The Static Maps requests the page made, each answered with the stand-in image. */
  asked: URL[];
  /** Requests to anywhere but this site, and what the page reported: console errors, CSP violations. */
  problems: string[];
}

/** The admin's dashboard at MONTH on `device`, the map open on this suite's stops, Google's image answered here. */
async function openMap(browser: Browser, device: BrowserContextOptions): Promise<Opened> {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  const asked: URL[] = [];
  const problems: string[] = [];
  await page.route('https://maps.googleapis.com/maps/api/staticmap?*', (route) => {
    const url = new URL(route.request().url());
    asked.push(url);
    return route.fulfill({ contentType: 'image/png', body: fakeStaticMap(viewOf(url), Object.values(GEOCODED)) });
  });
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => {
    if (route.request().url().startsWith('https://maps.googleapis.com/maps/api/staticmap?')) return route.fallback();
    problems.push(`request to ${route.request().url()}`);
    return route.abort();
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  await signInAsStaff(page, ADMIN_EMAIL);
  await page.getByRole('button', { name: 'Not now' }).click();
  await showMonth(page, MONTH);
  await page.getByRole('searchbox', { name: 'Search' }).fill(TAG);
  await expect(page.getByRole('table').getByRole('rowheader')).toHaveCount(STOPS.length);
  const toggle = page.getByRole('button', { name: "Map of the day's stops" });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const drawing = page.getByRole('region', { name: "Map of the day's stops" }).getByRole('group', { name: /stops: / });
  await expect(drawing).toBeVisible();
  return { page, drawing, image: drawing.locator('svg.day-map image'), asked, problems };
}

/** The middle of an element on the screen. */
async function middleOf(locator: Locator): Promise<[number, number]> {
  const box = (await locator.boundingBox())!;
  return [box.x + box.width / 2, box.y + box.height / 2];
}

/** Where the image shows a pixel of Google's view, on the screen. */
async function onScreen(image: Locator, view: StaticMapView, [x, y]: [number, number]): Promise<[number, number]> {
  const box = (await image.boundingBox())!;
  return [box.x + (x * box.width) / view.width, box.y + (y * box.height) / view.height];
}

function expectNear(actual: [number, number], expected: [number, number], what: string) {
  const off = Math.hypot(actual[0] - expected[0], actual[1] - expected[1]);
  expect(off, `${what}: drawn at ${actual.map((n) => n.toFixed(1))}, Google's pixel ${expected.map((n) => n.toFixed(1))}`).toBeLessThan(
    1.5,
  );
}

for (const [size, device] of [
  ['1366 x 768', { viewport: { width: 1366, height: 768 } }],
  ['390 x 844', PHONE],
] as const) {
  test(`at ${size}, with a Maps key, Google's map lies under the stops, each at its geocoded address and close ones as one marker`, async ({
    browser,
    request,
  }) => {
    const { page, drawing, image, asked, problems } = await openMap(browser, device);

    // The image asks Google for the map's own view, with the key.
    await expect(image).toHaveAttribute('href', /^https:\/\/maps\.googleapis\.com\/maps\/api\/staticmap\?/);
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    const url = asked.at(-1)!;
    expect(url.href).toBe(await image.getAttribute('href'));
    expect(url.searchParams.get('key')).toBe(FAKE_MAPS_KEY);
    const view = viewOf(url);
    expect(Number.isInteger(view.zoom) && view.zoom >= 7 && view.zoom <= 11, `zoom ${view.zoom}`).toBe(true);
    expect(view.scale).toBe(2);
    // Google's image at that whole zoom is of the drawing's area: at most twice smaller, enlarged to fill its width.
    const [, , drawingWidth] = (await drawing.locator('svg.day-map').getAttribute('viewBox'))!.split(' ').map(Number);
    expect(await image.getAttribute('width')).toBe(String(drawingWidth));
    expect(view.width).toBeGreaterThan(drawingWidth! / 2);
    expect(view.width).toBeLessThanOrEqual(drawingWidth!);

    // Provo's and Sandy's stops are dots of their own, where Google draws their geocoded places.
    for (const [i, place] of [[3, PROVO] as const, [4, SANDY] as const]) {
      const marker = drawing.getByRole('button', { name: new RegExp(`^Tiles${i} ${TAG}, ${place.address}, ${place.city}: `) });
      const dot = marker.locator('circle.day-map__stop');
      expectNear(await middleOf(dot), await onScreen(image, view, pixelOn(view, geocoded(place))), `${place.city}'s stop`);
    }
    // Downtown's three, a few streets apart, are one marker in the middle of them.
    const downtown = drawing.getByRole('button', { name: '3 stops near Salt Lake City' });
    await expect(downtown.locator('.day-map__cluster-count')).toHaveText('3');
    const middle = DOWNTOWN.map((place) => pixelOn(view, geocoded(place))).reduce(([x, y], [px, py]) => [x + px / 3, y + py / 3], [0, 0]);
    expectNear(await middleOf(downtown.locator('circle.day-map__cluster-dot')), await onScreen(image, view, middle), 'downtown');
    await expect(drawing.locator('.day-map__marker')).toHaveCount(3);

    // Over Google's map the counties are outlines, and the bundle's own drawing of I-15 is left to Google's.
    await expect(page.getByText('Dashed lines: Davis, Salt Lake and Utah counties, on Google’s map.')).toBeVisible();
    await expect(drawing.locator('.day-map__i15')).toHaveCount(0);

    // The site's policy lets Google's image in, and nothing was refused or sent elsewhere.
    const policy = (await request.get('/dashboard')).headers()['content-security-policy']!;
    expect(policy).toMatch(/img-src [^;]*https:\/\/maps\.googleapis\.com/);
    await downtown.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, `day-map-tiles-${device.viewport.width}.png`) });
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await page.context().close();
  });
}
