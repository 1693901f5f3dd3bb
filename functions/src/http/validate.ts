import type { z } from 'zod';
import { firstIssueMessage } from '@blooms/shared/validation';
import { badRequest } from './errors';

/** Parses input with a shared schema; a failure is a 400 whose message names the field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(firstIssueMessage(result.error));
  return result.data;
}
