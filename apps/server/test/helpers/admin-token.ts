// Creates a user directly in the database and signs an access token for it, so API tests of
// admin routes do not depend on the sign-in route.
import { randomUUID } from 'node:crypto';
import type { UserRole } from '@boats/domain/schemas/auth';
import { users } from '../../src/db/schema';
import { signAccessToken } from '../../src/modules/auth/access-token';
import type { TestApp } from './test-app';

export async function tokenFor(t: TestApp, role: UserRole = 'admin'): Promise<string> {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const [user] = await t.ctx.db.insert(users).values({ email, passwordHash: 'x', role }).returning();
  return signAccessToken(
    { id: user!.id, email, role, sessionId: randomUUID() },
    t.ctx.config.jwtSecret,
    t.ctx.now(),
  );
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
