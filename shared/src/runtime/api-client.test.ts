/** @jest-environment node */
import { apiClient, ApiError, type ApiSession } from './api-client';
import { staffApi } from './staff-api';
import { useAuthStore } from './auth-store';
import { useAppConfig } from './app-config';
import { usePopupStore } from './popup-store';
import { dropEarlyAnswers, EARLY_ANSWER_MS, sendEarly } from './early-answers';
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

  describe('answers the host asked for early', () => {
    const record = { id: 'u1', name: 'Ana', email: 'ana@example.com', role: 'employee' };
    afterEach(() => {
      dropEarlyAnswers();
      jest.useRealTimers();
    });

    it('takes the early answer once, for the same URL and token, instead of asking again', async () => {
      const fetchMock = respond(200, record);
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      sendEarly('/api/me', 'token-123');
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(fetchMock).toHaveBeenCalledWith('/api/me', { headers: { Authorization: 'Bearer token-123', Accept: 'application/json' } });

      await expect(staffApi.me()).resolves.toEqual(record);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // Taken once: the next call asks the server.
      await staffApi.me();
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it("never hands one person's answer to another's call, nor an old one", async () => {
      const fetchMock = respond(200, record);
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      sendEarly('/api/me', 'someone-else');
      await staffApi.me();
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(fetchMock.mock.calls[1]).toEqual([
        '/api/me',
        expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Bearer token-123' }) }),
      ]);

      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
      sendEarly('/api/me', 'token-123');
      jest.advanceTimersByTime(EARLY_ANSWER_MS);
      await staffApi.me();
      expect(fetchMock).toHaveBeenCalledTimes(4);
    });

    it('asks again when the early request failed, and handles a refusal as its own', async () => {
      const failing = jest.fn(async () => {
        throw new TypeError('Failed to fetch');
      });
      globalThis.fetch = failing as unknown as typeof fetch;
      sendEarly('/api/me', 'token-123');
      const fetchMock = respond(200, record);
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      await expect(staffApi.me()).resolves.toEqual(record);
      expect(fetchMock).toHaveBeenCalledTimes(1);

      globalThis.fetch = respond(401, { error: 'unauthorized', message: 'Please sign in again.' }) as unknown as typeof fetch;
      sendEarly('/api/me', 'token-123');
      await expect(staffApi.me()).rejects.toMatchObject({ status: 401 });
      expect(signOut).toHaveBeenCalled();
    });

    it('is never taken by a write', async () => {
      const fetchMock = respond(200, record);
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      sendEarly('/api/me/name', 'token-123');
      await staffApi.setMyName({ body: { name: 'Ana' } });
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(fetchMock).toHaveBeenLastCalledWith('/api/me/name', expect.objectContaining({ method: 'PUT' }));
    });
  });
});
