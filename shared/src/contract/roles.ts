import type { z } from 'zod';
import type { userRecordSchema } from './users';

export const ROLES = ['admin', 'employee'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'employee';
export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', employee: 'Employee' };

/** What the browser knows about the signed-in person's role; 'none' means no user record. */
export type SessionRole = Role | 'none';

/** A user record as the API sends it (users.ts). */
export type UserRecord = z.output<typeof userRecordSchema>;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Users are called by first name (first word of name), or by the part of their e-mail before the @ when there is no name. */
export function displayFirstName(user: Pick<UserRecord, 'name' | 'email'>): string {
  const first = user.name.trim().split(/\s+/)[0];
  return first ? first : user.email.split('@')[0] || user.email;
}
