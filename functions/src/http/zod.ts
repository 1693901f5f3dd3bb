import type { FastifyBaseLogger, FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { z } from 'zod';
import { findUnstorableText, firstIssueMessage, namedFields } from '@blooms/shared/contract/validation';
import { InvalidInputError } from '../domain/errors';
import { MAX_JSON_DEPTH } from './json-body';

/** Route schemas are the contract's zod schemas: handlers see what they parse to. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** The names a schema gives its fields for messages (`.meta({ fieldNames })`), where they differ from the keys. */
const fieldNamesOf = (schema: z.ZodType) => z.globalRegistry.get(schema)?.fieldNames as Record<string, string> | undefined;

/** The refusal of text the database cannot store, naming the field it was found in (findUnstorableText's path). */
function unstorableTextError(where: (string | number)[]): InvalidInputError {
  const field = where.filter((part) => typeof part === 'string').at(-1) ?? 'The request';
  return new InvalidInputError(`${field} contains a character that is not allowed (NUL or a broken Unicode character).`);
}

/** What parsing a request part came to: its value, and the keys dropped from it (as `month`, `split.0.extra`); or a message naming the field at fault. */
export type RequestPartParse<T> = { success: true; data: T; ignored: string[] } | { success: false; message: string };

/** `value` with the keys at `path` (an object inside it, through objects and lists) left out; `value` itself is not changed. */
function withoutKeys(value: unknown, path: PropertyKey[], keys: string[]): unknown {
  if (!value || typeof value !== 'object') return value;
  if (path.length === 0) return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
  const [step, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === step ? withoutKeys(item, rest, keys) : item));
  return { ...value, [step as string]: withoutKeys((value as Record<string, unknown>)[step as string], rest, keys) };
}

/**
 * Parses a request part by its schema; a failure's message names the field. A key the schema
 * does not name is dropped, not refused, and reported in `ignored`: an app one release apart may
 * send a field this release does not know (docs/releases.md). Request schemas are strict, which
 * is how such a key is found; the value handed on is parsed with the strict schema again, so
 * nothing unknown reaches a handler.
 */
export function parseRequestPart<S extends z.ZodType>(schema: S, data: unknown): RequestPartParse<z.output<S>> {
  const ignored: string[] = [];
  let input: unknown = data ?? {};
  // Each round drops at least one key, so it ends; a body is at most MAX_JSON_DEPTH levels deep.
  for (let round = 0; round <= MAX_JSON_DEPTH; round++) {
    const result = schema.safeParse(input, { error: namedFields(fieldNamesOf(schema)) });
    if (result.success) return { success: true, data: result.data, ignored };
    const unknown = result.error.issues.filter((issue) => issue.code === 'unrecognized_keys');
    if (unknown.length === 0) return { success: false, message: firstIssueMessage(result.error) };
    for (const issue of unknown) {
      input = withoutKeys(input, issue.path, issue.keys);
      ignored.push(...issue.keys.map((key) => [...issue.path, key].join('.')));
    }
  }
  return { success: false, message: 'The request is nested too deeply.' };
}

/** Logs the fields of a request a route does not read: by name, never their values. */
export function logIgnoredFields(log: Pick<FastifyBaseLogger, 'warn'>, route: string, fields: string[]): void {
  log.warn({ route, ignoredFields: fields }, `${route}: ignored request fields it does not read: ${fields.join(', ')}`);
}

const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

/**
 * Request parts are parsed by their schema (parseRequestPart): a failure is a 400 whose message
 * names the field, and a field the route does not read is dropped and logged. Text the database
 * cannot store (NUL, half a UTF-16 pair) is refused here, for every route.
 */
export const requestValidator =
  (log: Pick<FastifyBaseLogger, 'warn'>): FastifySchemaCompiler<z.ZodType> =>
  ({ schema, method, url, httpPart }) =>
  (data) => {
    const unstorable = findUnstorableText(data);
    if (unstorable) return { error: unstorableTextError(unstorable) };
    const parsed = parseRequestPart(schema, data);
    if (!parsed.success) return { error: new InvalidInputError(parsed.message) };
    const part = PART_NAMES[httpPart ?? ''] ?? httpPart;
    if (parsed.ignored.length > 0)
      logIgnoredFields(
        log,
        `${method} ${url}`,
        parsed.ignored.map((field) => `${part}.${field}`),
      );
    return { value: parsed.data };
  };

const compileJsonSchema = SerializerSelector()(undefined, undefined);

/**
 * Responses go out as their schema says: fields a schema does not name are not sent, and a
 * missing one is an error. The zod schema is turned into JSON Schema once, at start, and
 * compiled by fastify's own serializer, which writes a known shape faster than JSON.stringify.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url, httpStatus }) =>
  compileJsonSchema({ method, url, httpStatus: httpStatus ?? '200', schema: z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) });

/**
 * The same check on every request's path parameters and query, before anything else runs: also
 * the routes outside the route table (the test checkout, a charge's confirmation page), whose
 * parts no schema reads, so a NUL in a path is a 400 there too, never a database error.
 */
export function refuseUnstorablePathsAndQueries(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const unstorable = findUnstorableText({ path: request.params, query: request.query });
    if (unstorable) throw unstorableTextError(unstorable);
  });
}
