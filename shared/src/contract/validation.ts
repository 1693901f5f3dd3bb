import type { z } from 'zod';

// One mailbox, as RFC 5321 allows it and nothing a mail library could read as more than one:
// no commas, angle brackets, quotes, parentheses or whitespace. Stricter than, and within,
// the rule the subscribe form states ("non-space text, @, text, a dot, text"): whatever passes
// here passes that too, so the form never accepts an address the mailer would refuse.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** Whether `value` is exactly one e-mail address: the check of every e-mail field, browser and server. */
export function isEmailAddress(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  return at > 0 && local.length <= 64 && LOCAL_PART.test(local) && labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label));
}

const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  array: 'a list',
  object: 'an object',
  boolean: 'true or false',
};

type Issue = z.core.$ZodRawIssue;

/**
 * The message of a problem zod found, naming the field as the caller calls it. Schemas give
 * their own message where the rule needs words of its own (texts shown word for word); the generic rules
 * (required, too long, wrong type) get theirs here, so one schema serves callers that name
 * fields differently (the checkout wire format says first_name, a form says First name).
 */
export function issueMessage(issue: Issue, name: string): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? `${name} is required.`
        : `${name} must be ${EXPECTED[issue.expected] ?? issue.expected}.`;
    case 'too_small':
      if (issue.origin === 'number') return `${name} must be at least ${issue.minimum}.`;
      return issue.origin === 'string' && issue.minimum === 1 ? `${name} is required.` : `${name} is too short.`;
    case 'too_big':
      if (issue.origin === 'number') return `${name} must be at most ${issue.maximum}.`;
      return issue.origin === 'string' ? `${name} must be at most ${issue.maximum} characters.` : `${name} has too many items.`;
    case 'unrecognized_keys': {
      // A key a schema does not name. (The server drops and logs such keys of a request instead: functions/src/http/zod.ts.)
      const keys = issue.keys.map((key) => `"${key}"`).join(', ');
      const where = name === 'The request' ? 'this request' : name;
      return issue.keys.length === 1 ? `${keys} is not a field of ${where}.` : `${keys} are not fields of ${where}.`;
    }
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

/** Characters no text field may hold: NUL (PostgreSQL refuses it) and UTF-16 halves with no partner. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path of the first string in `value` (any depth) that holds a character no text may hold,
 * or null. It walks with a list of its own, not by recursion: no nesting can overflow the stack.
 */
export function findUnstorableText(value: unknown): (string | number)[] | null {
  const toVisit: { item: unknown; path: (string | number)[] }[] = [{ item: value, path: [] }];
  for (let next = toVisit.pop(); next; next = toVisit.pop()) {
    const { item, path } = next;
    if (typeof item === 'string') {
      if (UNSTORABLE.test(item)) return path;
    } else if (item && typeof item === 'object') {
      const entries = Object.entries(item);
      // Last first onto the list, so the first field is looked at first.
      for (let i = entries.length - 1; i >= 0; i--)
        toVisit.push({ item: entries[i]![1], path: [...path, Array.isArray(item) ? i : entries[i]![0]] });
    }
  }
  return null;
}
