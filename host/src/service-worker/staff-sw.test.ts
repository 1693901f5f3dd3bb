/** @jest-environment node */
import { SEND_QUEUED_TAG } from '@blooms/shared/contract/staff-offline';

// The worker's rules, run in Node against a stand-in for the browser's worker scope: its event
// handlers, a cache kept in a Map, and a network each test sets up.
type Listener = (event: unknown) => void;
const listeners = new Map<string, Listener>();
const kept = new Map<string, Response>();
const network = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
const pages = [{ postMessage: jest.fn() }, { postMessage: jest.fn() }];
const urlOf = (request: RequestInfo | URL) => (typeof request === 'string' ? request : request instanceof URL ? request.href : request.url);

Object.assign(globalThis, {
  self: {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: jest.fn(),
    clients: { claim: jest.fn(), matchAll: jest.fn(async () => pages) },
  },
  caches: {
    open: async () => ({
      put: async (request: RequestInfo | URL, response: Response) => void kept.set(urlOf(request), response),
      match: async (request: RequestInfo | URL) => kept.get(urlOf(request))?.clone(),
    }),
  },
  fetch: network,
});
// Loaded once the stand-ins are in place. By a name held in a variable: the worker is checked by
// its own tsconfig (WebWorker types), which this one, with the page's DOM types, cannot share.
const worker = './staff-sw';
beforeAll(() => import(worker));

/** A fetch event as the browser gives it: what the worker answered with, or null when it left the request to the browser. */
function browse(url: string, init: RequestInit = {}): Promise<Response> | null {
  let answer: Promise<Response> | null = null;
  listeners.get('fetch')!({ request: new Request(url, init), respondWith: (response: Promise<Response>) => void (answer = response) });
  return answer;
}

/** An event the worker may extend: resolves when the work it asked to wait for is done. */
async function dispatch(type: string, event: object): Promise<void> {
  const work: Promise<unknown>[] = [];
  listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => work.push(promise) });
  await Promise.all(work);
}

const offline = () => network.mockRejectedValue(new TypeError('Failed to fetch'));
const API = 'https://api.blooms.example/api/my-deliveries?month=2026-11';

beforeEach(() => {
  kept.clear();
  network.mockReset();
  pages.forEach((page) => page.postMessage.mockClear());
});

describe('what the My Deliveries worker answers with', () => {
  it('goes to the network first and keeps a good answer; with no signal it answers with the kept copy', async () => {
    network.mockResolvedValue(new Response('["fresh"]', { status: 200 }));
    expect(await (await browse(API))!.text()).toBe('["fresh"]');
    offline();
    expect(await (await browse(API))!.text()).toBe('["fresh"]');
  });

  it('prefers the network over a kept copy while there is a signal', async () => {
    network.mockResolvedValueOnce(new Response('old', { status: 200 })).mockResolvedValueOnce(new Response('new', { status: 200 }));
    await browse(API);
    expect(await (await browse(API))!.text()).toBe('new');
  });

  it('does not keep an answer that was not a success, so an error never stands in for the data offline', async () => {
    network.mockResolvedValueOnce(new Response('ok', { status: 200 })).mockResolvedValueOnce(new Response('down', { status: 503 }));
    await browse(API);
    expect((await browse(API))!.status).toBe(503);
    offline();
    expect(await (await browse(API))!.text()).toBe('ok');
  });

  it('fails as the network failed when nothing was kept', async () => {
    offline();
    await expect(browse('https://blooms.example/staff/never-seen.js')!).rejects.toThrow('Failed to fetch');
  });

  it('leaves writes, the live feed and non-web requests to the browser', () => {
    expect(browse(API, { method: 'POST', body: '{}' })).toBeNull();
    expect(browse('https://api.blooms.example/api/live', { headers: { Accept: 'text/event-stream' } })).toBeNull();
    expect(browse('chrome-extension://abc/script.js')).toBeNull();
    expect(network).not.toHaveBeenCalled();
  });
});

describe('files the page asks the worker to keep', () => {
  it('fetches and keeps those not kept yet, without credentials, and lets a failure pass (the next visit keeps it)', async () => {
    kept.set('https://blooms.example/staff/already.js', new Response('kept before'));
    network.mockImplementation(async (url) =>
      urlOf(url).endsWith('gone.js')
        ? new Response('', { status: 404 })
        : urlOf(url).endsWith('offline.js')
          ? Promise.reject(new TypeError('Failed to fetch'))
          : new Response(`body of ${urlOf(url)}`),
    );
    const urls = [
      'https://blooms.example/staff/already.js',
      'https://blooms.example/staff/main.js',
      'https://blooms.example/staff/gone.js',
      'https://blooms.example/staff/offline.js',
    ];
    await dispatch('message', { data: { type: 'keep', urls } });
    expect(network.mock.calls.map(([url, init]) => [urlOf(url), init])).toEqual(
      urls.slice(1).map((url) => [url, { mode: 'cors', credentials: 'omit' }]),
    );
    expect([...kept.keys()].sort()).toEqual(['https://blooms.example/staff/already.js', 'https://blooms.example/staff/main.js']);
    offline();
    expect(await (await browse('https://blooms.example/staff/main.js'))!.text()).toBe('body of https://blooms.example/staff/main.js');
  });
});

describe('Background Sync', () => {
  it('tells every open page to send its queued changes when the connection returns', async () => {
    await dispatch('sync', { tag: SEND_QUEUED_TAG });
    for (const page of pages) expect(page.postMessage).toHaveBeenCalledWith({ type: 'send-queued' });
  });

  it('ignores a sync it did not ask for', async () => {
    await dispatch('sync', { tag: 'someone-else' });
    for (const page of pages) expect(page.postMessage).not.toHaveBeenCalled();
  });
});
