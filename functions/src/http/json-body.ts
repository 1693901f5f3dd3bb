import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/** Deeper than any request of the API (a checkout is four levels): anything past it is refused before it is parsed. */
export const MAX_JSON_DEPTH = 32;

/** Whether JSON text opens more than `max` objects and arrays inside each other (strings skipped). */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * JSON bodies as fastify parses them (prototype poisoning refused), but no deeper than
 * MAX_JSON_DEPTH: everything that walks a body (the text checks, the schemas) then has a
 * bounded depth, and a deeply nested body is a 400, not a stack overflow.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestedDeeperThan(body as string, MAX_JSON_DEPTH))
      return done(new HttpError(400, `The request is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`), undefined);
    parse(request, body as string, done);
  });
}
