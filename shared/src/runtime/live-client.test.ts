/** @jest-environment node */
import { connectLive, type LiveState } from './live-client';
import { useAuthStore } from './auth-store';
import { useAppConfig } from './app-config';
import { usePopupStore } from './popup-store';
import { MESSAGES } from '../contract/messages';
import type { LiveEvent } from '../contract/live';

/**
 * Follows the feed until it has dealt with the first answer (signed the person out, or said it
 * will reconnect): the states seen by then. Then a minute passes on a fake clock, long enough
 * for any retry: the fetches made by the end.
 */
async function follow(status: number, body: unknown): Promise<{ states: LiveState[]; fetches: number }> {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
  const fetchMock = jest.fn(async () => new Response(JSON.stringify(body), { status }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const states: LiveState[] = [];
  const { signOut } = useAuthStore.getState();
  let stop = () => undefined as void;
  await new Promise<void>((settled) => {
    useAuthStore.setState({ signOut: async () => void (await signOut(), settled()) });
    stop = connectLive(
      () => undefined,
      (state) => {
        states.push(state);
        if (state === 'reconnecting') settled();
      },
    );
  });
  const seen = [...states];
  await jest.advanceTimersByTimeAsync(60_000);
  stop();
  return { states: seen, fetches: fetchMock.mock.calls.length };
}

afterEach(() => jest.useRealTimers());

describe('connectLive refusals follow the one request policy', () => {
  const signOut = jest.fn(async () => undefined);

  beforeEach(() => {
    signOut.mockClear();
    usePopupStore.setState({ popup: null });
    useAuthStore.setState({ getIdToken: async () => 'token-123', signOut });
    useAppConfig.setState({ config: null });
  });

  it('signs a removed person out with the not-authorized alert and stops', async () => {
    const { states, fetches } = await follow(403, { error: 'no-user-record', message: MESSAGES.noUserRecord });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(usePopupStore.getState().popup).toMatchObject({ message: MESSAGES.notAuthorized });
    expect(states).toEqual(['connecting']);
    expect(fetches).toBe(1);
  });

  it('signs the person out on 401 and stops', async () => {
    const { states, fetches } = await follow(401, { error: 'unauthenticated', message: 'Your session has expired.' });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(states).toEqual(['connecting']);
    expect(fetches).toBe(1);
  });

  it('keeps the session on any other refusal and tries again', async () => {
    const { states, fetches } = await follow(403, { error: 'permission-denied', message: 'Not for you.' });
    expect(signOut).not.toHaveBeenCalled();
    expect(usePopupStore.getState().popup).toBeNull();
    expect(states).toEqual(['connecting', 'reconnecting']);
    expect(fetches).toBeGreaterThan(1);
  });
});

describe('where connectLive follows the feed', () => {
  const urlOfFirstFetch = async () => {
    let stop = () => undefined as void;
    const url = await new Promise<string>((fetched) => {
      globalThis.fetch = (async (input: string) => {
        fetched(input);
        return new Response('{}', { status: 503 });
      }) as unknown as typeof fetch;
      stop = connectLive(() => undefined);
    });
    stop();
    return url;
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

describe('connectLive and an API of another release', () => {
  beforeEach(() => useAuthStore.setState({ getIdToken: async () => 'token-123' }));

  it('hands on an event it cannot read as a resync, so the screen reads what it shows again', async () => {
    const stream = ['{"type":"subscription-created","subscriptionId":"s1"}', '{"type":"delivery","delivery":{"month":"2026-11"}}']
      .map((data) => `data: ${data}\n\n`)
      .join('');
    globalThis.fetch = (async () => new Response(stream, { status: 200 })) as unknown as typeof fetch;
    const events: LiveEvent[] = [];
    let stop = () => undefined as void;
    await new Promise<void>((read) => {
      stop = connectLive((event) => {
        events.push(event);
        if (events.length === 2) read();
      });
    });
    stop();
    expect(events).toEqual([{ type: 'subscription-created', subscriptionId: 's1' }, { type: 'resync' }]);
  });

  it('stops when the API has no live feed: asking again cannot help', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = jest.fn(
      async () => new Response(JSON.stringify({ error: 'not-found', message: 'No such resource: GET /api/live' }), { status: 404 }),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const states: LiveState[] = [];
    const stop = connectLive(
      () => undefined,
      (state) => states.push(state),
    );
    await jest.advanceTimersByTimeAsync(60_000);
    stop();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(states).toEqual(['connecting']);
  });
});
