import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';

interface Encoded {
  json: string;
  gzip?: Buffer;
}

/**
 * Whether an Accept-Encoding header takes gzip: read as @fastify/compress reads it (its own
 * negotiator, names in any case, `*` for any), so kept replies and every other reply agree.
 */
export function acceptsGzip(header: string | undefined): boolean {
  return header !== undefined && negotiate(header.toLowerCase(), ['gzip']) === 'gzip';
}

/**
 * A reply for values a service keeps and hands out again (the same object while it stands, as
 * listMonthPage does with pages): each one is written by the route's response schema and
 * compressed once, then sent as those bytes (@fastify/compress leaves a reply that already has
 * its encoding alone). A page of 100 subscriptions is about 68 KB of JSON; gzip alone takes
 * about 1.4 ms of it on each request, most of a kept page's cost, so the bytes are kept too.
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
