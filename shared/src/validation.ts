import type { z } from 'zod';

/** Spec section 5: non-space text, @, text, a dot, text. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** The message of the first problem zod found: each schema's messages name the field. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'The request is not valid.';
}
