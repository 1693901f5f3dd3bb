import type { z } from 'zod';

/** Spec section 5: non-space text, @, text, a dot, text. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

const EXPECTED: Record<string, string> = { string: 'text', number: 'a number', array: 'a list', object: 'an object', boolean: 'true or false' };

type Issue = z.core.$ZodRawIssue;

/**
 * The message of a problem zod found, naming the field as the caller calls it. Schemas give
 * their own message where the rule needs words of its own (spec texts); the generic rules
 * (required, too long, wrong type) get theirs here, so one schema serves callers that name
 * fields differently (the checkout wire format says first_name, a form says First name).
 */
export function issueMessage(issue: Issue, name: string): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? `${name} is required.` : `${name} must be ${EXPECTED[issue.expected] ?? issue.expected}.`;
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1 ? `${name} is required.` : `${name} is too short.`;
    case 'too_big':
      return issue.origin === 'string' ? `${name} must be at most ${issue.maximum} characters.` : `${name} has too many items.`;
    default:
      return `${name} is not valid.`;
  }
}

/** A parse-time error map naming each field by its key, or by the name given for it. */
export function namedFields(names: Record<string, string> = {}): (issue: Issue) => string {
  return (issue) => {
    const key = [...(issue.path ?? [])].reverse().find((part) => typeof part === 'string');
    return issueMessage(issue, key === undefined ? 'The request' : (names[key] ?? key));
  };
}

/** The message of the first problem found: each one names its field. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'The request is not valid.';
}

/** Parses with a contract schema; failures carry messages that name the field. */
export function safeParseNamed<S extends z.ZodType>(schema: S, input: unknown, names?: Record<string, string>) {
  return schema.safeParse(input, { error: namedFields(names) });
}
