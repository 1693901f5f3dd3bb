import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { z } from 'zod';
import { findUnstorableText, firstIssueMessage, namedFields } from '@blooms/shared/contract/validation';
import { InvalidInputError } from '../services/errors';

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

/**
 * Request parts are parsed by their schema; a failure is a 400 whose message names the field.
 * Text the database cannot store (NUL, half a UTF-16 pair) is refused here, for every route.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const unstorable = findUnstorableText(data);
    if (unstorable) return { error: unstorableTextError(unstorable) };
    const result = schema.safeParse(data ?? {}, { error: namedFields(fieldNamesOf(schema)) });
    return result.success ? { value: result.data } : { error: new InvalidInputError(firstIssueMessage(result.error)) };
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
