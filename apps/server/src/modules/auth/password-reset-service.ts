// "Forgot your password?": a one-time link by e-mail, valid RESET_LINK_MINUTES, that ends every
// session of the account when used. The request answers the same whether or not the address
// has an account, so it cannot be used to find out who works here.
import { PUBLIC_PATHS } from '@boats/domain/public-paths';
import { createHash, randomBytes } from 'node:crypto';
import type { ForgotPassword, ResetPassword } from '@boats/domain/schemas/staff';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { invalidField } from '../../http/errors';
import { emitEvent } from '../events/domain-events';
import { hashPassword } from './password';
import { claimResetToken, insertResetToken, useAllResetTokensOf } from './password-reset-repository';
import { revokeAllForUser } from './refresh-token-repository';
import { findUserByEmail, setUserPassword } from './user-repository';

const RESET_LINK_MINUTES = 30;

const sha256 = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function requestPasswordReset(ctx: AppContext, request: ForgotPassword): Promise<void> {
  const user = await findUserByEmail(ctx.db, request.email);
  if (!user || user.disabledAt) return;
  await ctx.db.transaction(async (tx) => {
    const link = await issuePasswordLink(ctx, tx, user.id, RESET_LINK_MINUTES);
    // The e-mail hangs off the event (mail/account-emails.ts), queued by the event job.
    await emitEvent(tx, {
      kind: 'account.password_reset_requested',
      bookingId: null,
      payload: { email: user.email, language: request.language, link, minutes: RESET_LINK_MINUTES },
    });
  });
}

/**
 * A one-time link to choose a password, with the reset's rules (only the hash stored, works
 * once, ends every session when used): the reset e-mail's, and a new owner account's first
 * (`welcome`: the page greets them instead of speaking of a reset).
 */
export async function issuePasswordLink(
  ctx: AppContext,
  tx: Db,
  userId: string,
  minutes: number,
  welcome = false,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.now().getTime() + minutes * 60_000);
  await insertResetToken(tx, { userId, tokenHash: sha256(token), expiresAt });
  // The token rides in the fragment: browsers send it to no server and no Referer header.
  return `${ctx.config.publicUrl}${PUBLIC_PATHS.resetPassword}#token=${token}${welcome ? '&welcome=1' : ''}`;
}

/** Sets the new password and ends every session; a used, expired or unknown link is a 400. */
export async function resetPassword(ctx: AppContext, request: ResetPassword): Promise<void> {
  // Hashing is slow on purpose, so it happens before the transaction holds anything.
  const passwordHash = await hashPassword(request.password);
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const userId = await claimResetToken(tx, sha256(request.token), now);
    if (!userId) return false;
    await setUserPassword(tx, userId, passwordHash);
    await useAllResetTokensOf(tx, userId, now);
    await revokeAllForUser(tx, userId, now);
    return true;
  });
  if (!done) {
    throw invalidField(
      'body.token',
      'reset_link_invalid',
      'This link has expired or was already used. Ask for a new one.',
    );
  }
}
