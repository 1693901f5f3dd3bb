import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** HTTP status -> the callable protocol's status names (spec section 8, read the other way). */
const CALLABLE_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/**
 * Serves a handler with the Firebase callable protocol, so the browser can use the Firebase
 * SDK's callable client: POST {data} -> 200 {result}, or an HTTP error with
 * {error: {status, message}}. The handler itself knows nothing of HTTP.
 */
export function registerCallable<T>(
  app: FastifyInstance,
  path: string,
  handler: (data: unknown, request: FastifyRequest) => Promise<T>,
  options: { bodyLimit?: number } = {},
) {
  const sendError = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const known = error instanceof HttpError;
    const frameworkStatus = (error as { statusCode?: number }).statusCode;
    const status = known ? error.statusCode : frameworkStatus && frameworkStatus < 500 ? frameworkStatus : 500;
    if (status >= 500) request.log.error({ err: error }, `${path} failed`);
    const message = known
      ? error.message
      : status === 413
        ? 'The request is too large.'
        : status < 500
          ? 'The request is not valid JSON.'
          : 'Something went wrong on our side. Please try again.';
    return reply.status(status).send({ error: { status: CALLABLE_STATUS[status] ?? 'UNKNOWN', message } });
  };
  app.post(path, { bodyLimit: options.bodyLimit, errorHandler: sendError }, async (request) => {
    const body = request.body as { data?: unknown } | null;
    if (!body || typeof body !== 'object' || !('data' in body)) throw new HttpError(400, 'invalid-argument', 'Request body must be {"data": ...}.');
    return { result: await handler(body.data, request) };
  });
}
