import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRole } from '@boats/domain/schemas/auth';

export type UserRow = typeof users.$inferSelect;

/** E-mails are stored lower-case, so lookups are case-insensitive. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Creates the user or, when the e-mail exists, replaces its password and role. */
export async function upsertUser(
  db: Db,
  input: { email: string; passwordHash: string; role: UserRole },
): Promise<{ row: UserRow; created: boolean }> {
  const email = normalizeEmail(input.email);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const [row] = await db
      .update(users)
      .set({ passwordHash: input.passwordHash, role: input.role })
      .where(eq(users.id, existing.id))
      .returning();
    return { row: row ?? existing, created: false };
  }
  const [row] = await db
    .insert(users)
    .values({ ...input, email })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return { row, created: true };
}
