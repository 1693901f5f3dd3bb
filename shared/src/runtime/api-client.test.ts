/** @jest-environment node */
import { apiClient, ApiError, type ApiSession } from './api-client';
import { staffApi } from './staff-api';
import { useAuthStore } from './auth-store';
import { useAppConfig } from './app-config';
import { usePopupStore } from './popup-store';
import { SUBSCRIBER_ROUTES } from '../contract/subscriber-api-routes';
import { MESSAGES } from '../contract/messages';

function respond(status: number, body: unknown) {
  return jest.fn(async () => new Response(body === null ? null : JSON.stringify(body), { status }));
}

const ID = '3f1d2c9e-0000-4000-8000-000000000000';

describe('the API client', () => {
  const signOut = jest.fn(async () => undefined);

  beforeEach(() => {
    signOut.mockClear();
    usePopupStore.setState({ popup: null });
    useAuthStore.setState({ getIdToken: async () => 'token-123', signOut });
    useAppConfig.setState({ config: null });
  });

  it('calls a route by its table entry: the path with its parameters, the query, the ID token and the JSON body; returns the parsed reply', async () => {
    const fetchMock = respond(200, { id: 'u1', name: 'Ana', email: 'ana@example.com', role: 'employee' });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await expect(
      staffApi.updateUser({ params: { id: 'a/b' }, body: { name: 'Ana', email: 'ana@example.com', role: 'employee' } }),
    ).resolves.toMatchObject({ id: 'u1' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/users/a%2Fb',
      expect.objectContaining({
        method: 'PUT',
        body: '{"name":"Ana","email":"ana@example.com","role":"employee"}',
        headers: expect.objectContaining({ Authorization: 'Bearer token-123', 'Content-Type': 'application/json' }),
      }),
    );

    globalThis.fetch = respond(200, { rows: [], nextCursor: null, total: 0 }) as unknown as typeof fetch;
    await staffApi.listMonth({ query: { month: '2026-11', q: 'sky@example.com', status: undefined } });
    expect(jest.mocked(globalThis.fetch).mock.calls[0]![0]).toBe('/api/subscriptions?month=2026-11&q=sky%40example.com');
  });

  it('sends to the configured API origin', async () => {
    useAppConfig.setState({ config: { apiBaseUrl: 'https://api.example.com' } as never });
    const fetchMock = jest.fn(async (_url: string) => new Response('[]', { status: 200 }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await staffApi.staffMembers();
    expect(fetchMock.mock.calls[0]![0]).toBe('https://api.example.com/api/staff');
  });

  it("throws the server's message with the status", async () => {
    globalThis.fetch = respond(409, { error: 'aborted', message: 'That e-mail is already in use.' }) as unknown as typeof fetch;
    const error = await staffApi.users().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'That e-mail is already in use.' });
    expect(signOut).not.toHaveBeenCalled();
  });

  it('signs the person out on 401 (disabled account or expired session)', async () => {
    globalThis.fetch = respond(401, { error: 'unauthenticated', message: 'This account has been disabled.' }) as unknown as typeof fetch;
    await expect(staffApi.me()).rejects.toMatchObject({ status: 401, message: 'This account has been disabled.' });
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('signs a removed person out with the not-authorized alert', async () => {
    globalThis.fetch = respond(403, { error: 'no-user-record', message: MESSAGES.noUserRecord }) as unknown as typeof fetch;
    await expect(staffApi.users()).rejects.toMatchObject({ status: 403 });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(usePopupStore.getState().popup).toMatchObject({ kind: 'error', message: MESSAGES.notAuthorized });
  });

  it('keeps an employee signed in when an admin-only call is refused', async () => {
    globalThis.fetch = respond(403, { error: 'permission-denied', message: MESSAGES.adminOnly }) as unknown as typeof fetch;
    await expect(staffApi.users()).rejects.toMatchObject({ status: 403, message: MESSAGES.adminOnly });
    expect(signOut).not.toHaveBeenCalled();
  });

  it('asks again for a read the server could not serve for a moment', async () => {
    const fetchMock = jest
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ error: 'unavailable', message: 'briefly unavailable' }), { status: 503 }))
      .mockResolvedValueOnce(new Response(JSON.stringify([]), { status: 200 }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await expect(staffApi.staffMembers()).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never sends a write twice: a 503 on a write is the caller’s to show', async () => {
    const fetchMock = respond(503, { error: 'unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await expect(staffApi.assign({ body: { month: '2026-11', subscriptionIds: [ID], assigneeEmail: null } })).rejects.toMatchObject({
      status: 503,
      message: 'The service is briefly unavailable. Please try again in a moment.',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says to try again when a refusal carries no message (too many requests, a server error)', async () => {
    globalThis.fetch = respond(429, null) as unknown as typeof fetch;
    await expect(
      staffApi.advanceStatus({ body: { subscriptionId: ID, month: '2026-11', expectedStatus: 'not-started' } }),
    ).rejects.toMatchObject({ status: 429, message: expect.stringMatching(/try again/) });
    globalThis.fetch = respond(500, null) as unknown as typeof fetch;
    await expect(
      staffApi.advanceStatus({ body: { subscriptionId: ID, month: '2026-11', expectedStatus: 'not-started' } }),
    ).rejects.toMatchObject({ status: 500, message: expect.stringMatching(/try again/) });
    expect(signOut).not.toHaveBeenCalled();
  });

  it('fetches a file with the ID token, under the same policy', async () => {
    const fetchMock = jest.fn(async () => new Response('photo-bytes', { status: 200, headers: { 'Content-Type': 'image/jpeg' } }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const photo = await staffApi.proofPhoto({ params: { subscriptionId: ID, month: '2026-11' } });
    expect(await photo.text()).toBe('photo-bytes');
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/deliveries/${ID}/2026-11/proof`,
      expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Bearer token-123' }) }),
    );

    globalThis.fetch = respond(401, { error: 'unauthenticated', message: 'Your session has expired.' }) as unknown as typeof fetch;
    await expect(staffApi.exportCsv({ query: { month: '2026-11' } })).rejects.toMatchObject({ status: 401 });
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it("treats a subscriber's calls as staff calls: their own sign-in, and a 401 ends their session", async () => {
    const subscriber: ApiSession = { idToken: async () => 'subscriber-token', signOut: jest.fn(async () => undefined) };
    const accountApi = apiClient(subscriber, SUBSCRIBER_ROUTES);
    const fetchMock = respond(401, { error: 'unauthenticated', message: 'Your sign-in has expired.' });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await expect(accountApi.skipMonth({ params: { id: ID, month: '2026-12' } })).rejects.toMatchObject({
      status: 401,
      message: 'Your sign-in has expired.',
    });
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/account/subscriptions/${ID}/skips/2026-12`,
      expect.objectContaining({ method: 'PUT', headers: expect.objectContaining({ Authorization: 'Bearer subscriber-token' }) }),
    );
    expect(subscriber.signOut).toHaveBeenCalledTimes(1);
    expect(signOut).not.toHaveBeenCalled();
  });
});
