// Production refuses to start while an account still signs in with the published demo
// password: anyone who read the README could otherwise walk into the back office.
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { verifyPassword } from '../modules/auth/password';
import { DEMO_ADMIN } from './demo-fleet';

/** E-mails of the accounts whose password is the demo password. */
export async function accountsWithDemoPassword(db: Db): Promise<string[]> {
  const rows = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users);
  const found: string[] = [];
  for (const row of rows) {
    if (await verifyPassword(DEMO_ADMIN.password, row.passwordHash)) found.push(row.email);
  }
  return found;
}
