import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { formatMonth, MONTH_NAMES, type MonthKey } from '@blooms/shared/contract/months';
import { STAFF_OFFLINE_CACHE } from '@blooms/shared/contract/staff-offline';
import { ADMIN_EMAIL, idTokenFor, mainNav, signInAsStaff } from './session';

/** Steps a staff screen's month navigator to the month, from whichever month it opened on. */
export async function showMonth(page: Page, month: MonthKey): Promise<void> {
  const label = page.locator('.month-navigator__label');
  for (let step = 0; step < 36; step++) {
    const shown = ((await label.textContent()) ?? '').trim();
    if (shown === formatMonth(month)) return;
    const [name, year] = shown.split(' ');
    const shownKey = `${year}-${String(MONTH_NAMES.indexOf(name as never) + 1).padStart(2, '0')}`;
    await page.getByRole('button', { name: shownKey < month ? 'Next month' : 'Previous month' }).click();
    await expect(label).not.toHaveText(shown);
  }
  await expect(label).toHaveText(formatMonth(month));
}

// A real 1x1 PNG: the browser decodes it and the server checks its bytes.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A subscription's row on the dashboard, and its status pill. */
export const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
export const pill = (page: Page, name: string) => rowOf(page, name).getByRole('cell').nth(9);

/** The admin signs in and adds a staff member on Manage Users; the page is left there. */
export async function addStaffMember(admin: Page, name: string, email: string): Promise<void> {
  await signInAsStaff(admin, ADMIN_EMAIL);
  await mainNav(admin).getByRole('link', { name: 'Users' }).click();
  await admin.getByLabel('Name', { exact: true }).fill(name);
  await admin.getByLabel('Email', { exact: true }).fill(email);
  await admin.getByRole('button', { name: 'Add User' }).click();
  // By e-mail: other tests on the same stack may have added someone of the same name.
  await expect(admin.getByRole('row').filter({ hasText: email })).toContainText(name);
}

/** Answers the Delivered prompt with Left at Door and a photo from the (fake) camera; `screenshot` keeps a picture of the prompt. */
export async function leaveAtDoor(driver: Page, screenshot?: string): Promise<void> {
  const prompt = driver.getByRole('dialog', { name: /^Delivered: / });
  await expect(prompt).toContainText('Was it hand-delivered or left at the door?');
  // The two ways of delivering first, as equal choices; Cancel last.
  await expect(prompt.getByRole('button')).toHaveText(['Hand Delivered', 'Left at Door', 'Cancel']);
  if (screenshot) await driver.screenshot({ path: screenshot });
  const chooser = driver.waitForEvent('filechooser');
  await prompt.getByRole('button', { name: 'Left at Door' }).click();
  await (await chooser).setFiles({ name: 'door.png', mimeType: 'image/png', buffer: PNG });
}

/** A stop's name, as journeys find it on screen. */
const nameOf = (row: ListedStop) => `${row.firstName} ${row.lastName}`;
/** How many different names the stops have. */
const namesIn = (rows: ListedStop[]) => new Set(rows.map(nameOf)).size;

/**
 * The month's deliveries not yet started (not vase pickups), for a journey to give its driver:
 * unassigned ones first, then ones an earlier journey on this stack gave its own driver (a stack
 * runs one journey at a time, so that journey is over). The month's stops run short as journeys
 * take them Out for delivery and Delivered: with fewer than `names` different names left, the
 * admin puts such stops back round to Not started (the status's own cycle), none of `keep`'s.
 */
export async function notStartedStops(
  request: APIRequestContext,
  headers: Record<string, string>,
  month: string,
  { names = 2, keep }: { names?: number; keep?: string } = {},
): Promise<ListedStop[]> {
  const listed = async (status: string, assignee?: string) => {
    const query = new URLSearchParams({ month, limit: '200', scheduled: 'yes', status, ...(assignee ? { assignee } : {}) });
    const { rows } = (await (await request.get(`/api/subscriptions?${query}`, { headers })).json()) as { rows: ListedStop[] };
    // Not one whose attempt failed: the journeys that mark one expect it to be the stop's first.
    return rows.filter((row) => !row.delivery.failedAttempt && !row.delivery.pickup);
  };
  const notStarted = async () => [...(await listed('not-started', 'unassigned')), ...(await listed('not-started', 'assigned'))];
  const stops = await notStarted();
  if (namesIn(stops) >= names) return stops;
  const started = [...(await listed('delivered')), ...(await listed('out-for-delivery'))].filter((row) => row.delivery.assignedTo !== keep);
  for (const row of started) {
    if (namesIn(stops) >= names) break;
    if (stops.some((stop) => nameOf(stop) === nameOf(row))) continue;
    for (const expectedStatus of row.delivery.status === 'out-for-delivery' ? ['out-for-delivery', 'delivered'] : ['delivered']) {
      const moved = await request.post('/api/deliveries/status', { headers, data: { subscriptionId: row.id, month, expectedStatus } });
      expect(moved.ok(), `${nameOf(row)} put back to Not started`).toBe(true);
    }
    stops.push(row);
  }
  return notStarted();
}

/** The admin gives the driver two of the start month's deliveries not yet started (notStartedStops), through the API; their names. */
export async function assignTwoStops(admin: Page, driverEmail: string): Promise<string[]> {
  const headers = { authorization: `Bearer ${await idTokenFor(ADMIN_EMAIL)}` };
  const { month } = await (await admin.request.get('/api/start-month', { headers })).json();
  // Two names, so each stop is found by its own: other tests on the stack make namesakes.
  const two: ListedStop[] = [];
  for (const row of await notStartedStops(admin.request, headers, month, { keep: driverEmail })) {
    if (!two.some((taken) => nameOf(taken) === nameOf(row))) two.push(row);
    if (two.length === 2) break;
  }
  expect(two, 'two stops not yet started in the start month').toHaveLength(2);
  const assigned = await admin.request.post('/api/deliveries/assign', {
    headers,
    data: { month, subscriptionIds: two.map((row) => row.id), assigneeEmail: driverEmail },
  });
  expect(assigned.ok()).toBe(true);
  return two.map(nameOf);
}

/** A row of the month list, as far as journeys choosing stops read it. */
export interface ListedStop {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  delivery: { scheduled: boolean; assignedTo: string | null; pickup: boolean; status: string; failedAttempt?: unknown };
}

/** The paths of what the device keeps for My Deliveries with no signal (its service worker's cache): pages, files and API answers. */
export const keptPaths = (page: Page): Promise<string[]> =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => new URL(request.url).pathname);
  }, STAFF_OFFLINE_CACHE);
