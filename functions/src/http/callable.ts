import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { AnyApiRoute } from '@blooms/shared/contract/api-route';
import type { PublicScope } from './access';
import { CALLABLE_STATUS, replyForFailure } from './errors';
import type { RateLimiter } from './rate-limit';

/**
 * Serves a handler with the Firebase callable protocol, so the browser can use the Firebase
 * SDK's callable client: POST {data} -> 200 {result}, or an HTTP error with
 * {error: {status, message}}. The handler gets the parsed data and knows nothing of HTTP.
 */
export function registerCallable<S extends z.ZodType, R extends z.ZodType>(
  app: PublicScope,
  route: AnyApiRoute & { access: 'public'; request: 'callable'; body: S; response: R },
  handler: (data: z.output<S>, request: FastifyRequest) => Promise<z.input<R>>,
  options: { bodyLimit?: number; limiter?: RateLimiter } = {},
) {
  const sendError = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, message, headers } = replyForFailure(request, error);
    return reply
      .status(status)
      .headers(headers ?? {})
      .send({ error: { status: CALLABLE_STATUS[status] ?? 'UNKNOWN', message } });
  };
  app.post(
    route.path,
    {
      bodyLimit: options.bodyLimit,
      errorHandler: sendError,
      // Counted before the body is even read.
      onRequest: async (request) => options.limiter?.hit(request.ip),
      // A checkout's answers are about one customer: never cached.
      onSend: async (_request, reply) => void reply.header('Cache-Control', 'no-store'),
      // Typed by the handler's signature above: the type provider cannot resolve a generic schema.
      schema: {
        querystring: z.strictObject({}),
        body: z.strictObject({ data: route.body }),
        response: { 200: z.object({ result: route.response }) },
      } as FastifySchema,
    },
    async (request) => ({ result: await handler((request.body as { data: z.output<S> }).data, request) }),
  );
}
