import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';
import { firstIssueMessage, namedFields } from '@blooms/shared/contract/validation';
import { InvalidInputError } from '../services/errors';

/** Route schemas are the contract's zod schemas: handlers see what they parse to. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** Request parts are parsed by their schema; a failure is a 400 whose message names the field. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {}, { error: namedFields() });
    return result.success ? { value: result.data } : { error: new InvalidInputError(firstIssueMessage(result.error)) };
  };

/** Responses go out as their schema says: fields a schema does not name are not sent. */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema }) =>
  (data) =>
    JSON.stringify(schema.parse(data));
