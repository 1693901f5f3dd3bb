import { USER_MESSAGES, userInputSchema, type ValidUserInput } from '@blooms/shared/contract/users';
import { firstIssueMessage } from '@blooms/shared/contract/validation';
import type { Role } from '@blooms/shared/contract/roles';

/** The fields a person types; the role is a choice and cannot be wrong. */
export type UserField = 'name' | 'email';

/** What is wrong with each typed field, said at the field. */
export type UserFieldProblems = Partial<Record<UserField, string>>;

export type CheckedUserInput = { data: ValidUserInput } | { problem: string; fields: UserFieldProblems };

/**
 * The form's checks before sending: the popup says 'All fields required' first (the spec's
 * alert), then the shared rules; every field at fault is also named, so the form can mark it.
 */
export function checkUserInput(input: { name: string; email: string; role: Role }): CheckedUserInput {
  const empty: UserFieldProblems = {};
  if (!input.name.trim()) empty.name = USER_MESSAGES.nameRequired;
  if (!input.email.trim()) empty.email = USER_MESSAGES.emailRequired;
  if (empty.name || empty.email) return { problem: USER_MESSAGES.allFieldsRequired, fields: empty };

  const parsed = userInputSchema.safeParse(input);
  if (parsed.success) return { data: parsed.data };
  const fields: UserFieldProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'email') && !fields[field]) fields[field] = issue.message;
  }
  return { problem: firstIssueMessage(parsed.error), fields };
}
