// What a signed-in account changes of itself (docs/security.md#sessions): its password and its
// sign-in address, each after the password again and a recent second factor (the route's
// step-up), so a session left open on a borrowed computer cannot take the account over.
import type { ChangeEmail, ChangePassword } from '@boats/domain/schemas/staff';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { conflict, invalidField } from '../../http/errors';
import { noteAudit } from '../audit/audit-trail';
import { emitEvent } from '../events/domain-events';
import type { TokenUser } from '../auth/access-token';
import { hashPassword, verifyPassword } from '../auth/password';
import { accountLanguage } from '../auth/signed-in';
import { revokeOtherSessions } from '../auth/session-devices';
import {
  findUserByEmail,
  findUserById,
  normalizeEmail,
  setUserPassword,
  type UserRow,
} from '../auth/user-repository';

async function provenBy(ctx: AppContext, signedIn: TokenUser, currentPassword: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, signedIn.id);
  if (!user || !(await verifyPassword(currentPassword, user.passwordHash)))
    throw invalidField('body.currentPassword', 'wrong_password', 'This is not your current password.');
  return user;
}

/** A new password; every other session of the account ends (this one stays signed in). */
export async function changeOwnPassword(
  ctx: AppContext,
  signedIn: TokenUser,
  input: ChangePassword,
): Promise<void> {
  const user = await provenBy(ctx, signedIn, input.currentPassword);
  await setUserPassword(ctx.db, user.id, await hashPassword(input.password));
  await revokeOtherSessions(ctx.db, user.id, signedIn.sessionId, ctx.now());
  noteAudit({ objectId: user.id });
}

/**
 * A new sign-in address. The old one is told (someone who took the session cannot move the
 * account away unseen). An owner's address on file (owners.email, where money notices go) is
 * not this one and does not change.
 */
export async function changeOwnEmail(
  ctx: AppContext,
  signedIn: TokenUser,
  input: ChangeEmail,
): Promise<string> {
  const user = await provenBy(ctx, signedIn, input.currentPassword);
  const email = normalizeEmail(input.email);
  if (email === user.email) return email;
  if (await findUserByEmail(ctx.db, email))
    throw conflict('email_taken', 'Another account already signs in with this address.');
  const language = await accountLanguage(ctx, user, input.language);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ email }).where(eq(users.id, user.id));
    // The e-mail hangs off the event (mail/account-emails.ts), queued by the event job.
    await emitEvent(tx, {
      kind: 'account.email_changed',
      bookingId: null,
      payload: { email: user.email, newEmail: email, language },
    });
  });
  noteAudit({ objectId: user.id, changes: { email: { before: user.email, after: email } } });
  return email;
}
