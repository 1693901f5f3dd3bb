/** @jest-environment node */
import { apiRequest, ApiError } from './api-client';
import { useAuthStore } from './auth-store';
import { useAppConfig } from './app-config';
import { usePopupStore } from './popup-store';
import { MESSAGES } from '../contract/messages';

function respond(status: number, body: unknown) {
  return jest.fn(async () => new Response(body === null ? null : JSON.stringify(body), { status }));
}

describe('apiRequest', () => {
  const signOut = jest.fn(async () => undefined);

  beforeEach(() => {
    signOut.mockClear();
    useAuthStore.setState({ getIdToken: async () => 'token-123', signOut });
    useAppConfig.setState({ config: null });
  });

  it('sends the ID token and JSON body, and returns the parsed reply', async () => {
    const fetchMock = respond(200, { ok: true });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await expect(apiRequest('/api/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith('/api/things', expect.objectContaining({
      method: 'POST',
      body: '{"a":1}',
      headers: expect.objectContaining({ Authorization: 'Bearer token-123', 'Content-Type': 'application/json' }),
    }));
  });

  it("throws the server's message with the status", async () => {
    globalThis.fetch = respond(409, { error: 'aborted', message: 'That e-mail is already in use.' }) as unknown as typeof fetch;
    const error = await apiRequest('/api/users').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'That e-mail is already in use.' });
    expect(signOut).not.toHaveBeenCalled();
  });

  it('signs the person out on 401 (disabled account or expired session)', async () => {
    globalThis.fetch = respond(401, { error: 'unauthenticated', message: 'This account has been disabled.' }) as unknown as typeof fetch;
    await expect(apiRequest('/api/me')).rejects.toMatchObject({ status: 401 });
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('signs a removed person out with the not-authorized alert', async () => {
    globalThis.fetch = respond(403, { error: 'no-user-record', message: MESSAGES.noUserRecord }) as unknown as typeof fetch;
    await expect(apiRequest('/api/users')).rejects.toMatchObject({ status: 403 });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(usePopupStore.getState().popup).toMatchObject({ kind: 'error', message: MESSAGES.notAuthorized });
  });

  it('keeps an employee signed in when an admin-only call is refused', async () => {
    globalThis.fetch = respond(403, { error: 'permission-denied', message: MESSAGES.adminOnly }) as unknown as typeof fetch;
    await expect(apiRequest('/api/users')).rejects.toMatchObject({ status: 403, message: MESSAGES.adminOnly });
    expect(signOut).not.toHaveBeenCalled();
  });

  it('asks again for a read the server could not serve for a moment', async () => {
    const fetchMock = jest
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ error: 'unavailable', message: 'briefly unavailable' }), { status: 503 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ rows: [] }), { status: 200 }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await expect(apiRequest('/api/subscriptions')).resolves.toEqual({ rows: [] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never sends a write twice: a 503 on a write is the caller’s to show', async () => {
    const fetchMock = respond(503, { error: 'unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await expect(apiRequest('/api/deliveries/assign', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 503, message: 'The service is briefly unavailable. Please try again in a moment.' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
