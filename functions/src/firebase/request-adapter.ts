import http from 'node:http';
import type { FastifyInstance } from 'fastify';

/** A request as Cloud Functions hands it over: its body already read (and kept raw). */
export type FunctionRequest = http.IncomingMessage & { rawBody?: Buffer };

/**
 * A request that reads like the one that arrived, body included. Cloud Functions has already
 * consumed the original stream (and parsed it), so Fastify's own body parsing, the multipart
 * photo upload and the Stripe signature check (which needs the exact bytes) read this one.
 */
function replayOf(request: FunctionRequest): http.IncomingMessage {
  const replay = new http.IncomingMessage(request.socket);
  replay.method = request.method;
  replay.url = request.url;
  replay.headers = request.headers;
  replay.rawHeaders = request.rawHeaders;
  replay.httpVersion = request.httpVersion;
  replay.httpVersionMajor = request.httpVersionMajor;
  replay.httpVersionMinor = request.httpVersionMinor;
  if (request.rawBody && request.rawBody.length > 0) replay.push(request.rawBody);
  replay.push(null);
  // Without this, a warm instance's second request failed with a socket hang up: the
  // message must not wait on the (already drained) socket for more.
  replay.complete = true;
  return replay;
}

/**
 * The header of an answer that waited for its instance to start the app, with how long it
 * waited: `Server-Timing: instance-start;dur=812`. Any other answer has none, so a cold start
 * can be told from outside (the browser's network panel, `pnpm test:firebase`).
 */
export const COLD_START_TIMING = 'instance-start';

/**
 * A Cloud Functions request handler that serves a Fastify app, built once per instance: on
 * the first request, or, with `startNow`, as the instance starts, so that an instance kept
 * warm (minInstances) is ready before its first visitor.
 */
export function serveFastify(
  build: () => Promise<FastifyInstance>,
  log: (message: string, error: unknown) => void,
  { startNow = false }: { startNow?: boolean } = {},
) {
  let app: Promise<FastifyInstance> | null = null;
  let ready: FastifyInstance | null = null;
  const start = () =>
    (app ??= build().then(async (built) => {
      await built.ready();
      ready = built;
      return built;
    }));
  if (startNow) {
    // A failure here is logged and answered at the first request, which tries again.
    start().catch((error: unknown) => {
      app = null;
      log('the backend could not start', error);
    });
  }
  return async (request: FunctionRequest, response: http.ServerResponse): Promise<void> => {
    let serving: FastifyInstance | null = ready;
    if (!serving) {
      const waitFrom = performance.now();
      try {
        serving = await start();
      } catch (error) {
        // A wrong setting or an unreachable database: say so in the log, and try again next request.
        app = null;
        log('the backend could not start', error);
        response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '30', 'cache-control': 'no-store' });
        response.end(JSON.stringify({ error: 'unavailable', message: 'The service is unavailable. Please try again in a minute.' }));
        return;
      }
      response.setHeader('Server-Timing', `${COLD_START_TIMING};dur=${Math.round(performance.now() - waitFrom)}`);
    }
    const server = serving.server;
    await new Promise<void>((resolve) => {
      response.on('close', resolve);
      server.emit('request', replayOf(request), response);
    });
  };
}
