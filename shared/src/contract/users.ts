import { z } from 'zod';
import { DEFAULT_ROLE, ROLES } from './roles';
import { isEmailAddress } from './validation';

export const USER_MESSAGES = {
  allFieldsRequired: 'All fields required',
  nameRequired: 'Name is required.',
  nameTooLong: 'Name must be at most 100 characters.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Email must be a valid e-mail address.',
  emailTooLong: 'Email must be at most 254 characters.',
  roleInvalid: 'Role must be admin or employee.',
  duplicateEmail: (email: string) => `A user with the e-mail ${email} already exists.`,
  duplicateName: (name: string) => `Another staff member is already called ${name}: add something to tell you apart, like an initial.`,
  lastAdmin: 'Monthly Blooms needs at least one admin: make another user an admin first.',
  notFound: 'That user no longer exists.',
  deleteWarning: 'Are you sure you want to permanently delete this user? This action cannot be undone.',
  invited: (name: string, email: string) => `Added ${name}. An invitation to sign in is on its way to ${email}.`,
  neverSignedIn: 'Not yet',
} as const;

/** The invitation a new staff member is e-mailed when an admin adds them: its subject and what it says. */
export const STAFF_INVITATION = {
  subject: 'You are invited to the Monthly Blooms team',
  lead: (inviter: string, role: string) =>
    `${inviter} added you to the Monthly Blooms team as ${role === 'admin' ? 'an admin' : 'an employee'}.`,
  how: (email: string) => `Sign in with the Google account of ${email}:`,
  linkText: 'Sign in to Monthly Blooms',
} as const;

/**
 * What a name never keeps: characters that show nothing or change how the text around them is
 * shown (Unicode's default-ignorable characters: bidi controls such as the right-to-left
 * override, zero-width spaces and joiners, soft hyphens, filler letters, variation selectors,
 * tags), and control characters. So a name is read as its letters say, and one cannot pass for
 * another.
 */
const HIDDEN_IN_NAMES = /[\p{Cc}\p{Default_Ignorable_Code_Point}]/gu;

/** A staff name as it is kept and shown: hidden characters dropped, each run of spaces one space, no space at either end. */
export function cleanName(name: string): string {
  return name.replace(/\s+/g, ' ').replace(HIDDEN_IN_NAMES, '').replace(/ {2,}/g, ' ').trim();
}

/** What two names have in common when people would read them as the same: their letters, whatever their case or width. */
export function nameKey(name: string): string {
  return cleanName(name).normalize('NFKC').toLowerCase();
}

/** A user as the admin enters it; the server stores the e-mail lower-cased. */
export const userInputSchema = z.strictObject({
  name: z
    .string({ error: USER_MESSAGES.nameRequired })
    .overwrite(cleanName)
    .min(1, USER_MESSAGES.nameRequired)
    .max(100, USER_MESSAGES.nameTooLong),
  email: z
    .string({ error: USER_MESSAGES.emailRequired })
    .trim()
    .min(1, USER_MESSAGES.emailRequired)
    .max(254, USER_MESSAGES.emailTooLong)
    .refine(isEmailAddress, USER_MESSAGES.emailInvalid)
    .transform((email) => email.toLowerCase()),
  role: z.enum(ROLES, { error: USER_MESSAGES.roleInvalid }).default(DEFAULT_ROLE),
});

export type UserInput = z.input<typeof userInputSchema>;

/** A staff member names themselves (asked once when their record has no name). */
export const ownNameSchema = z.strictObject({ name: userInputSchema.shape.name });
export type ValidUserInput = z.output<typeof userInputSchema>;

/** A user record as the API sends it. */
export const userRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});

/**
 * A user as Manage Users lists them: with when they last signed in (null: never since it was
 * recorded). Optional, so a server of an earlier release, which does not send it, still answers.
 */
export const managedUserSchema = userRecordSchema.extend({ lastSignInAt: z.string().nullable().optional() });
export type ManagedUser = z.infer<typeof managedUserSchema>;
