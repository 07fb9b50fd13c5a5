// Production refuses to start while an account still signs in with a published demo password
// (the demo admin's or the demo crew's), or the demo reseller's published API key still works:
// anyone who read the README could otherwise walk in, or book seats on account.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { resellerApiKeys, users } from '../db/schema';
import { apiKeyHash } from '../modules/resellers/api-key';
import { DEMO_RESELLER } from './seed';
import { verifyPassword } from '../modules/auth/password';
import { DEMO_PASSWORDS } from './demo-fleet';

/**
 * E-mails of the accounts whose password is one of the demo passwords. Each check is a slow
 * scrypt verification by design; the accounts are checked side by side, so the password
 * hashing's own limit (MAX_CONCURRENT_PASSWORD_HASHES) sets the pace rather than one at a time.
 */
export async function accountsWithDemoPassword(db: Db): Promise<string[]> {
  const rows = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users);
  const found = await Promise.all(
    rows.map(async (row) => {
      for (const password of DEMO_PASSWORDS) {
        if (await verifyPassword(password, row.passwordHash)) return row.email;
      }
      return null;
    }),
  );
  return found.filter((email): email is string => email !== null);
}

/** Whether the demo reseller's published OCTO key is live (not revoked) in this database. */
export async function demoResellerKeyWorks(db: Db): Promise<boolean> {
  const [key] = await db
    .select({ id: resellerApiKeys.id })
    .from(resellerApiKeys)
    .where(
      and(eq(resellerApiKeys.keyHash, apiKeyHash(DEMO_RESELLER.key)), isNull(resellerApiKeys.revokedAt)),
    );
  return key !== undefined;
}
