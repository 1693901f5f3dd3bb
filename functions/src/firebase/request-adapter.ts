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

/** A Cloud Functions request handler that serves a Fastify app, built once per instance on first use. */
export function serveFastify(build: () => Promise<FastifyInstance>, log: (message: string, error: unknown) => void) {
  let app: Promise<FastifyInstance> | null = null;
  return async (request: FunctionRequest, response: http.ServerResponse): Promise<void> => {
    app ??= build().then(async (built) => {
      await built.ready();
      return built;
    });
    let ready: FastifyInstance;
    try {
      ready = await app;
    } catch (error) {
      // A wrong setting or an unreachable database: say so in the log, and try again next request.
      app = null;
      log('the backend could not start', error);
      response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '30', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ error: 'unavailable', message: 'The service is unavailable. Please try again in a minute.' }));
      return;
    }
    await new Promise<void>((resolve) => {
      response.on('close', resolve);
      ready.server.emit('request', replayOf(request), response);
    });
  };
}
