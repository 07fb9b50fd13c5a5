// Production refuses to start while an account still signs in with a published demo password
// (the demo admin's or the demo crew's): anyone who read the README could otherwise walk in.
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { verifyPassword } from '../modules/auth/password';
import { DEMO_PASSWORDS } from './demo-fleet';

/** E-mails of the accounts whose password is one of the demo passwords. */
export async function accountsWithDemoPassword(db: Db): Promise<string[]> {
  const rows = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users);
  const found: string[] = [];
  for (const row of rows) {
    for (const password of DEMO_PASSWORDS) {
      if (await verifyPassword(password, row.passwordHash)) {
        found.push(row.email);
        break;
      }
    }
  }
  return found;
}
