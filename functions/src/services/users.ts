import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { UserRecord } from '@blooms/shared/contract/roles';
import { nameKey, USER_MESSAGES, type ManagedUser, type ValidUserInput } from '@blooms/shared/contract/users';
import { inTransaction, type Db } from '../db/database';
import { perDatabase } from '../db/per-database';
import { staffSignIns, users, type UserRow } from '../db/schema';
import { announce } from '../infrastructure/change-feed';
import { queueEmail } from '../infrastructure/email-outbox';
import type { OutgoingMail } from '../mail/mailer';
import { ConflictError, NotFoundError } from '../domain/errors';

const isUserId = (id: string) => z.uuid().safeParse(id).success;

export function toUserRecord(row: UserRow): UserRecord {
  return { id: row.id, name: row.name, email: row.email, role: row.role };
}

/** The condition that picks the user whose e-mail, ignoring case, is the `email` placeholder (given lower-cased). */
export const emailMatches = eq(sql`lower(${users.email})`, sql.placeholder('email'));

/** The lookup, built and prepared once per database. */
const findByEmailStatement = perDatabase((db) => db.select().from(users).where(emailMatches).limit(1).prepare('user_by_email'));

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | null> {
  const [row] = await findByEmailStatement(db).execute({ email: email.toLowerCase() });
  return row ? toUserRecord(row) : null;
}

/** Creates an admin record for each configured e-mail that has no record yet. Existing records are left as they are. */
export async function ensureAdmins(db: Db, emails: string[]): Promise<string[]> {
  const created: string[] = [];
  for (const email of emails) {
    const inserted = await db
      .insert(users)
      .values({ name: '', email: email.toLowerCase(), role: 'admin' })
      .onConflictDoNothing()
      .returning({ email: users.email });
    if (inserted.length > 0) created.push(email);
  }
  return created;
}

/** Every user for Manage Users, with when each last signed in (null: not since it was recorded). */
export async function listUsers(db: Db): Promise<ManagedUser[]> {
  const rows = await db
    .select({ user: users, lastSignInAt: staffSignIns.lastSignInAt })
    .from(users)
    .leftJoin(staffSignIns, eq(staffSignIns.userId, users.id))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.email));
  return rows.map((row) => ({ ...toUserRecord(row.user), lastSignInAt: row.lastSignInAt?.toISOString() ?? null }));
}

/** A sign-in is written at most this often per person: their app asks who they are on every page load. */
export const SIGN_IN_RECORDED_EVERY_MS = 5 * 60_000;

/**
 * Records that a staff member signed in at `at`: one statement, which changes nothing when the
 * last recorded sign-in is less than SIGN_IN_RECORDED_EVERY_MS before it (or later).
 */
export async function recordSignIn(db: Db, userId: string, at: Date): Promise<void> {
  const due = new Date(at.getTime() - SIGN_IN_RECORDED_EVERY_MS);
  await db
    .insert(staffSignIns)
    .values({ userId, lastSignInAt: at })
    .onConflictDoUpdate({
      target: staffSignIns.userId,
      set: { lastSignInAt: at },
      setWhere: sql`${staffSignIns.lastSignInAt} <= ${due.toISOString()}::timestamptz`,
    });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Refuses a name another staff member goes by, as people would read it (nameKey: case, width
 * and hidden characters aside), so an action in a history cannot be made to look like theirs.
 * A user keeping the name they have is let be. Every user row is locked for the rest of the
 * transaction, so two people cannot take one name at once.
 */
async function refuseTakenName(tx: Db, name: string, self: string | null): Promise<void> {
  const named = await tx.select({ id: users.id, name: users.name }).from(users).for('update');
  const key = nameKey(name);
  if (named.some((user) => user.id === self && nameKey(user.name) === key)) return;
  const taken = named.find((user) => user.id !== self && user.name !== '' && nameKey(user.name) === key);
  if (taken) throw new ConflictError(USER_MESSAGES.duplicateName(taken.name));
}

/**
 * Adds a user and queues their invitation e-mail (made by `invitation` from the new record) in
 * the same transaction: the e-mail goes exactly when the user was added.
 */
export async function createUser(db: Db, input: ValidUserInput, invitation: (user: UserRecord) => OutgoingMail): Promise<UserRecord> {
  try {
    return await inTransaction(db, async (tx) => {
      await refuseTakenName(tx, input.name, null);
      const [row] = await tx.insert(users).values(input).returning();
      const user = toUserRecord(row!);
      await queueEmail(tx, 'staff-invitation', invitation(user), { subscriptionId: null });
      await announce(tx, { type: 'users-changed' });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(USER_MESSAGES.duplicateEmail(input.email));
    throw error;
  }
}

/**
 * Locks every admin row for the rest of the transaction and fails when `leaving` is the
 * only admin, so two admins removing each other at once cannot leave none.
 */
async function keepAnAdmin(tx: Db, leaving: string): Promise<void> {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
  if (admins.length === 1 && admins[0]!.id === leaving) throw new ConflictError(USER_MESSAGES.lastAdmin);
}

export async function updateUser(db: Db, id: string, input: ValidUserInput): Promise<UserRecord> {
  if (!isUserId(id)) throw new NotFoundError(USER_MESSAGES.notFound);
  try {
    return await inTransaction(db, async (tx) => {
      await refuseTakenName(tx, input.name, id);
      if (input.role !== 'admin') await keepAnAdmin(tx, id);
      const [row] = await tx
        .update(users)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new NotFoundError(USER_MESSAGES.notFound);
      await announce(tx, { type: 'users-changed' });
      return toUserRecord(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(USER_MESSAGES.duplicateEmail(input.email));
    throw error;
  }
}

/** A staff member's own name (another's is refused): only the name, so nobody raises their own role this way. */
export async function setOwnName(db: Db, id: string, name: string): Promise<UserRecord> {
  return inTransaction(db, async (tx) => {
    await refuseTakenName(tx, name, id);
    const [row] = await tx.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, id)).returning();
    if (!row) throw new NotFoundError(USER_MESSAGES.notFound);
    await announce(tx, { type: 'users-changed' });
    return toUserRecord(row);
  });
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  if (!isUserId(id)) throw new NotFoundError(USER_MESSAGES.notFound);
  await inTransaction(db, async (tx) => {
    await keepAnAdmin(tx, id);
    const [deleted] = await tx.delete(users).where(eq(users.id, id)).returning({ email: users.email });
    if (!deleted) throw new NotFoundError(USER_MESSAGES.notFound);
    await announce(tx, { type: 'users-changed', removedEmail: deleted.email });
  });
}
