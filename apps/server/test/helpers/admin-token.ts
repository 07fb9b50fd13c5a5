// Creates a user directly in the database and signs an access token for it, so API tests of
// admin routes do not depend on the sign-in route. Owner and crew accounts belong to an owner:
// the one given, else (crew) the platform; an owner account without one gets a new owner.
import { randomUUID } from 'node:crypto';
import type { UserRole } from '@boats/domain/schemas/auth';
import { owners, users } from '../../src/db/schema';
import { signAccessToken } from '../../src/modules/auth/access-token';
import { platformOwnerId } from '../../src/modules/owner-scope/platform-owner';
import type { TestApp } from './test-app';

/** A new partner owner (active, valid identity); answers its id. */
export async function newOwner(
  t: TestApp,
  values: Partial<typeof owners.$inferInsert> = {},
): Promise<string> {
  const suffix = Math.random().toString(36).slice(2, 8);
  const [owner] = await t.ctx.db
    .insert(owners)
    .values({
      displayName: `Owner ${suffix}`,
      legalName: `Owner ${suffix} S.L.`,
      taxId: 'B12345674',
      email: `owner-${suffix}@example.com`,
      // The platform may send their billing records (a test of an owner without passes nulls).
      aeatRepresentedSince: '2026-01-01',
      aeatRepresentationEvidence: 'AEAT apoderamiento (test)',
      ...values,
    })
    .returning();
  return owner!.id;
}

export async function tokenFor(
  t: TestApp,
  role: UserRole = 'admin',
  options: { ownerId?: string } = {},
): Promise<string> {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const ownerId =
    role === 'owner'
      ? (options.ownerId ?? (await newOwner(t)))
      : role === 'crew'
        ? (options.ownerId ?? (await platformOwnerId(t.ctx.db)))
        : null;
  const [user] = await t.ctx.db.insert(users).values({ email, passwordHash: 'x', role, ownerId }).returning();
  return signAccessToken(
    { id: user!.id, email, role, sessionId: randomUUID(), ownerId },
    t.ctx.config.jwtSecret,
    t.ctx.now(),
  );
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
