import { eq, sql } from 'drizzle-orm';
import type { UserRecord } from '@blooms/shared/roles';
import type { Db } from '../db/database';
import { users, type UserRow } from '../db/schema';

export function toUserRecord(row: UserRow): UserRecord {
  return { id: row.id, name: row.name, email: row.email, role: row.role };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | null> {
  const [row] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
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
