import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRole } from '@boats/domain/schemas/auth';
import { STAFF_ROLES } from '@boats/domain/schemas/staff';
import type { OwnerScope } from '../owner-scope/owner-scope';

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

/** A new account: an owner or crew account names its owner; an admin's is null. */
export type NewUser = { email: string; passwordHash: string; role: UserRole; ownerId: string | null };

/** Creates the user or, when the e-mail exists, replaces its password, role and owner. */
export async function upsertUser(db: Db, input: NewUser): Promise<{ row: UserRow; created: boolean }> {
  const email = normalizeEmail(input.email);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const [row] = await db
      .update(users)
      .set({ passwordHash: input.passwordHash, role: input.role, ownerId: input.ownerId })
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

/**
 * The back office's accounts (admin and crew) by e-mail, in the scope: the platform admin sees
 * them all, an owner only the crew accounts of their own boats.
 */
export async function listStaffUsers(db: Db, scope: OwnerScope): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(inArray(users.role, [...STAFF_ROLES]), staffInScope(scope)))
    .orderBy(asc(users.email));
}

/** Every staff account for the admin; an owner's own crew for an owner. */
const staffInScope = (scope: OwnerScope) =>
  scope.all ? undefined : and(eq(users.role, 'crew'), eq(users.ownerId, scope.ownerId));

/** Creates the account; undefined when the e-mail already has one. */
export async function insertUserIfNew(db: Db, input: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...input, email: normalizeEmail(input.email) })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export async function setUserDisabled(
  db: Db,
  scope: OwnerScope,
  id: string,
  disabledAt: Date | null,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ disabledAt })
    .where(and(eq(users.id, id), inArray(users.role, [...STAFF_ROLES]), staffInScope(scope)))
    .returning();
  return row;
}

export async function setUserPassword(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}
