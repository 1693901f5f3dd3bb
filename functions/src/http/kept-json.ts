import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface Encoded {
  json: string;
  gzip?: Buffer;
}

/** Whether an Accept-Encoding header takes gzip (by name or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * A reply for values a service keeps and hands out again (the same object while it stands, as
 * listMonthPage does with pages): each one is written by the route's response schema and
 * compressed once, then sent as those bytes. A page of 100 subscriptions is about 68 KB of
 * JSON, and writing and compressing it again for every request was most of a kept page's cost.
 */
export function keptJsonReply<T extends object>() {
  const encoded = new WeakMap<T, Encoded>();
  return (request: FastifyRequest, reply: FastifyReply, value: T): FastifyReply => {
    let body = encoded.get(value);
    if (!body) {
      body = { json: String(reply.serialize(value)) };
      encoded.set(value, body);
    }
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(body.json);
    body.gzip ??= gzipSync(body.json);
    return reply.header('content-encoding', 'gzip').send(body.gzip);
  };
}
