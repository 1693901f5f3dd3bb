import { USER_MESSAGES, userInputSchema, type ValidUserInput } from '@blooms/shared/contract/users';
import { firstIssueMessage } from '@blooms/shared/contract/validation';
import type { Role } from '@blooms/shared/contract/roles';

/** The form's checks before sending: 'All fields required' first, then the shared rules. */
export function checkUserInput(input: { name: string; email: string; role: Role }): { data: ValidUserInput } | { problem: string } {
  if (!input.name.trim() || !input.email.trim()) return { problem: USER_MESSAGES.allFieldsRequired };
  const parsed = userInputSchema.safeParse(input);
  return parsed.success ? { data: parsed.data } : { problem: firstIssueMessage(parsed.error) };
}
