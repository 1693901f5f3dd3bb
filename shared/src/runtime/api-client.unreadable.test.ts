/** @jest-environment node */
import { ApiError, isUnreadableReply, UnreadableReplyError } from './api-client';
import { staffApi } from './staff-api';
import { useAuthStore } from './auth-store';
import { useAppConfig } from './app-config';
import { MESSAGES } from '../contract/messages';
import { UNREADABLE_REPLY_PATH } from '../contract/unreadable-reply';
import { hasMetUnreadableReply } from './unreadable-replies';

// An API of another release than the page: replies the page's schemas refuse, routes it lacks.
const respond = (status: number, body: unknown, type = 'application/json') =>
  jest.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': type } }));
const fetchReturns = (status: number, body: unknown, type?: string) => {
  globalThis.fetch = respond(status, body, type) as unknown as typeof fetch;
};
const ID = '3f1d2c9e-0000-4000-8000-000000000000';
const row = { id: ID, name: 'Ana', email: 'ana@example.com', role: 'employee' };

describe('a reply the page cannot read', () => {
  const sendBeacon = jest.fn((_url: string, _data: Blob) => true);
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const beacons = () => Promise.all(sendBeacon.mock.calls.map(async ([url, data]) => ({ url, ...JSON.parse(await data.text()) })));

  beforeAll(() => Object.defineProperty(globalThis, 'navigator', { value: { sendBeacon }, configurable: true }));
  beforeEach(() => {
    sendBeacon.mockClear();
    consoleError.mockClear();
    useAuthStore.setState({ getIdToken: async () => 'token-123', signOut: jest.fn(async () => undefined) });
    useAppConfig.setState({ config: null });
  });

  it('is parsed by its route’s schema: fields the page does not know are dropped, the rest returned', async () => {
    fetchReturns(200, [{ ...row, team: 'North' }]);
    await expect(staffApi.users()).resolves.toEqual([row]);
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(hasMetUnreadableReply()).toBe(false);
  });

  it('fails as "this page was updated" when a field it needs is missing or of a value it does not know, never handing on undefined', async () => {
    fetchReturns(200, [{ ...row, role: 'florist' }]);
    const error = await staffApi.users().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(isUnreadableReply(error)).toBe(true);
    expect(error).toMatchObject({
      status: 200,
      message: MESSAGES.pageUpdated,
      route: 'GET /api/users',
      problem: expect.stringMatching(/^0\.role: /),
    });
    // The app's screen says the page was updated (Screen, PageUpdated).
    expect(hasMetUnreadableReply()).toBe(true);

    fetchReturns(200, { start: { month: '2026-11' } });
    await expect(staffApi.myDeliveriesStart()).rejects.toMatchObject({
      message: MESSAGES.pageUpdated,
      problem: expect.stringContaining('rows'),
    });
  });

  it('says on the console and reports to the server what it could not read, once per route', async () => {
    fetchReturns(200, { vasesOut: 3 });
    await expect(staffApi.forecast()).rejects.toBeInstanceOf(UnreadableReplyError);
    await expect(staffApi.forecast()).rejects.toBeInstanceOf(UnreadableReplyError);
    expect(consoleError).toHaveBeenCalledTimes(2);
    expect(consoleError.mock.calls[0]![0]).toMatch(/^GET \/api\/forecast answered what this page cannot read \(200\): days: /);
    expect(await beacons()).toEqual([
      { url: UNREADABLE_REPLY_PATH, route: 'GET /api/forecast', status: 200, problem: expect.stringMatching(/^days: /), build: 'dev' },
    ]);
  });

  it('treats a 404 from an API that has no such route as the same, and a thing a route did not find as a refusal', async () => {
    fetchReturns(404, { error: 'not-found', message: 'No such resource: GET /api/day-summary?month=2026-11' });
    await expect(staffApi.daySummary({ query: { month: '2026-11' } })).rejects.toMatchObject({
      status: 404,
      message: MESSAGES.pageUpdated,
      route: 'GET /api/day-summary',
      problem: 'no such route',
    });
    // A page in front of the API that is not the API's (a proxy, a hosting site) says so in HTML.
    fetchReturns(404, '<!doctype html><title>Page not found</title>', 'text/html');
    expect(isUnreadableReply(await staffApi.startMonth().catch((e: unknown) => e))).toBe(true);

    fetchReturns(404, { error: 'not-found', message: 'There is no such subscription.' });
    const error = await staffApi.subscriptionHistory({ params: { id: ID } }).catch((e: unknown) => e);
    expect(isUnreadableReply(error)).toBe(false);
    expect(error).toMatchObject({ status: 404, message: 'There is no such subscription.' });
    expect((await beacons()).map((beacon) => beacon.route)).toEqual(['GET /api/day-summary', 'GET /api/start-month']);
  });
});
