import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { COLD_START_TIMING, serveFastify, type FunctionRequest } from '../src/firebase/request-adapter';

/** Serves `handler` as Cloud Functions would: each request's body already read into rawBody. */
async function serve(handler: ReturnType<typeof serveFastify>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request: FunctionRequest, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      request.rawBody = Buffer.concat(chunks);
      void handler(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('a function serving a Fastify app', () => {
  const apps: FastifyInstance[] = [];
  const builds: string[] = [];
  const app = async () => {
    builds.push('built');
    const built = Fastify();
    built.get('/page', async () => ({ page: true }));
    apps.push(built);
    return built;
  };
  const quiet = () => undefined;
  /** An app whose first start fails as with an unreachable database. */
  const failingOnce = () => {
    let failures = 1;
    return async () => {
      if (failures-- > 0) throw new Error('DATABASE_URL unreachable');
      return app();
    };
  };
  const coldStart = (response: Response) => response.headers.get('server-timing')?.match(new RegExp(`^${COLD_START_TIMING};dur=\\d+$`));

  beforeEach(() => (builds.length = 0));
  afterAll(async () => {
    for (const built of apps) await built.close();
  });

  it('builds the app at its first request, which says it waited for the start; later ones do not', async () => {
    const server = await serve(serveFastify(app, quiet));
    try {
      const first = await fetch(`${server.url}/page`);
      const repeated = await fetch(`${server.url}/page`);
      expect([first.status, repeated.status]).toEqual([200, 200]);
      expect(await repeated.json()).toEqual({ page: true });
      expect(coldStart(first)).toBeTruthy();
      expect(repeated.headers.get('server-timing')).toBeNull();
      expect(builds).toEqual(['built']);
    } finally {
      await server.close();
    }
  });

  it('kept warm, has the app built as the instance starts, so even the first request does not wait', async () => {
    const handler = serveFastify(app, quiet, { startNow: true });
    expect(builds).toEqual(['built']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const server = await serve(handler);
    try {
      const first = await fetch(`${server.url}/page`);
      expect(first.status).toBe(200);
      expect(first.headers.get('server-timing')).toBeNull();
      expect(builds).toEqual(['built']);
    } finally {
      await server.close();
    }
  });

  it('answers 503 while the app cannot start, says why in the log, and tries again at the next request', async () => {
    const logged: string[] = [];
    const server = await serve(serveFastify(failingOnce(), (message, error) => logged.push(`${message}: ${(error as Error).message}`)));
    try {
      const failed = await fetch(`${server.url}/page`);
      expect([failed.status, failed.headers.get('retry-after')]).toEqual([503, '30']);
      expect(logged).toEqual(['the backend could not start: DATABASE_URL unreachable']);
      const retried = await fetch(`${server.url}/page`);
      expect(retried.status).toBe(200);
      expect(coldStart(retried)).toBeTruthy();
    } finally {
      await server.close();
    }
  });

  it('kept warm, logs a start that failed and starts again at the first request', async () => {
    const logged: string[] = [];
    const handler = serveFastify(failingOnce(), (message) => logged.push(message), { startNow: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logged).toEqual(['the backend could not start']);
    const server = await serve(handler);
    try {
      const first = await fetch(`${server.url}/page`);
      expect(first.status).toBe(200);
      expect(coldStart(first)).toBeTruthy();
    } finally {
      await server.close();
    }
  });
});
