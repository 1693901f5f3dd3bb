/** @jest-environment node */
import { connectLive, type LiveState } from './live-client';
import { useAuthStore } from './auth-store';
import { useAppConfig } from './app-config';
import { usePopupStore } from './popup-store';
import { MESSAGES } from '../contract/messages';

/** Follows the feed until it settles on a state other than 'connecting'; returns the states seen. */
async function follow(status: number, body: unknown): Promise<{ states: LiveState[]; fetches: number }> {
  const fetchMock = jest.fn(async () => new Response(JSON.stringify(body), { status }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const states: LiveState[] = [];
  const stop = connectLive(() => undefined, (state) => states.push(state));
  await new Promise((resolve) => setTimeout(resolve, 50));
  stop();
  return { states, fetches: fetchMock.mock.calls.length };
}

describe('connectLive refusals follow the one request policy', () => {
  const signOut = jest.fn(async () => undefined);

  beforeEach(() => {
    signOut.mockClear();
    usePopupStore.setState({ popup: null });
    useAuthStore.setState({ getIdToken: async () => 'token-123', signOut });
    useAppConfig.setState({ config: null });
  });

  it('signs a removed person out with the not-authorized alert and stops', async () => {
    const { states } = await follow(403, { error: 'no-user-record', message: MESSAGES.noUserRecord });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(usePopupStore.getState().popup).toMatchObject({ message: MESSAGES.notAuthorized });
    expect(states).toEqual(['connecting']);
  });

  it('signs the person out on 401 and stops', async () => {
    const { states } = await follow(401, { error: 'unauthenticated', message: 'Your session has expired.' });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(states).toEqual(['connecting']);
  });

  it('keeps the session on any other refusal and tries again', async () => {
    const { states } = await follow(403, { error: 'permission-denied', message: 'Not for you.' });
    expect(signOut).not.toHaveBeenCalled();
    expect(usePopupStore.getState().popup).toBeNull();
    expect(states).toEqual(['connecting', 'reconnecting']);
  });
});

describe('where connectLive follows the feed', () => {
  const urlOfFirstFetch = async () => {
    const fetchMock = jest.fn(async () => new Response('{}', { status: 503 }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const stop = connectLive(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    stop();
    return (fetchMock.mock.calls[0] as unknown as [string])[0];
  };

  beforeEach(() => useAuthStore.setState({ getIdToken: async () => 'token-123' }));

  it("uses the API's /api/live by default", async () => {
    useAppConfig.setState({ config: { apiBaseUrl: 'https://api.blooms.example', liveUrl: null } as never });
    expect(await urlOfFirstFetch()).toBe('https://api.blooms.example/api/live');
  });

  it('uses the live function when the configuration names one (Firebase)', async () => {
    useAppConfig.setState({ config: { apiBaseUrl: '', liveUrl: 'https://live-abc.a.run.app/api/live' } as never });
    expect(await urlOfFirstFetch()).toBe('https://live-abc.a.run.app/api/live');
  });
});
