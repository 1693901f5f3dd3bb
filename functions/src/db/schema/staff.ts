import { sql } from 'drizzle-orm';
import { bigserial, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ROLES } from '@blooms/shared/contract/roles';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('employee'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // E-mail addresses are unique ignoring case: sign-in matches them case-insensitively.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('admin', 'employee')`),
  ],
);

export type UserRow = typeof users.$inferSelect;

/** When each staff member last signed in (migration 0028): kept apart from users, so a sign-in changes no user row. */
export const staffSignIns = pgTable('staff_sign_ins', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull(),
});

/** Sign-in links asked for and not yet made (migration 0018): the e-mail worker makes them for addresses that hold a subscription. */
export const signInLinkRequests = pgTable('sign_in_link_requests', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull(),
  accountUrl: text('account_url').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  /** A worker that took the request holds it until then: one that died leaves it to be taken again. */
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
});
