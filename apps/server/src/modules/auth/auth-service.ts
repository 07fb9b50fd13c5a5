// Sign-in, refresh-token rotation and sign-out. A refresh token is 32 random bytes; only its
// SHA-256 is stored. Every refresh marks the presented token used and issues the next one in
// the same family; presenting a used token again means it was copied, so the whole family
// (every session that descends from that sign-in) is revoked.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AuthResponse } from '@boats/domain/schemas/auth';
import type { AppContext } from '../../context';
import { forbidden, unauthorized } from '../../http/errors';
import { signAccessToken } from './access-token';
import { hashPassword, verifyPassword } from './password';
import { hasSecondFactor, secondFactorRequired } from './second-factor';
import {
  claimRefreshToken,
  deleteExpiredForUser,
  findRefreshTokenByHash,
  insertRefreshToken,
  revokeFamily,
} from './refresh-token-repository';
import { findUserByEmail, findUserById, type UserRow } from './user-repository';
import type { SessionClient } from './session-devices';

/** "Remember me": the cookie and the token live this long. */
const REMEMBER_DAYS = 30;
/** Without "remember" the cookie ends with the browser session; the token expires anyway. */
const SESSION_HOURS = 12;

export type IssuedSession = AuthResponse & { refreshToken: string; persistent: boolean; expiresAt: Date };

const sha256 = (token: string) => createHash('sha256').update(token).digest('base64url');

let dummyHash: Promise<string> | undefined;
/** Unknown e-mails still pay for one hash, so response times do not reveal which accounts exist. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** The user when the password matches, otherwise undefined. */
export async function checkCredentials(
  ctx: AppContext,
  email: string,
  password: string,
): Promise<UserRow | undefined> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) {
    await verifyPassword(password, await dummyPasswordHash());
    return undefined;
  }
  if (!(await verifyPassword(password, user.passwordHash))) return undefined;
  // Said only to someone who knows the password: the account exists but an admin switched it off.
  if (user.disabledAt) throw forbidden('This account has been disabled. Ask an administrator.');
  return user;
}

async function issue(
  ctx: AppContext,
  user: UserRow,
  familyId: string,
  persistent: boolean,
  factorAt: Date | null,
  client: SessionClient,
): Promise<IssuedSession> {
  const now = ctx.now();
  const refreshToken = randomBytes(32).toString('base64url');
  const lifetimeMs = persistent ? REMEMBER_DAYS * 86_400_000 : SESSION_HOURS * 3_600_000;
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  await insertRefreshToken(ctx.db, {
    userId: user.id,
    familyId,
    tokenHash: sha256(refreshToken),
    persistent,
    expiresAt,
    factorAt,
    userAgent: client.userAgent.slice(0, 500),
    clientAddress: client.ip,
  });
  const accessToken = await signAccessToken(
    { id: user.id, email: user.email, role: user.role, sessionId: familyId, ownerId: user.ownerId },
    ctx.config.jwtSecret,
    now,
  );
  return { accessToken, user: { email: user.email, role: user.role }, refreshToken, persistent, expiresAt };
}

/** A new session; `factorProved`: the sign-in gave the second factor (step-up counts from now). */
export async function startSession(
  ctx: AppContext,
  user: UserRow,
  remember: boolean,
  client: SessionClient,
  factorProved = false,
): Promise<IssuedSession> {
  await deleteExpiredForUser(ctx.db, user.id, ctx.now());
  return issue(ctx, user, randomUUID(), remember, factorProved ? ctx.now() : null, client);
}

/** The next token of the session; it records the renewing browser's address (it may have moved). */
export async function rotateSession(
  ctx: AppContext,
  presented: string | undefined,
  client: SessionClient,
): Promise<IssuedSession> {
  if (!presented) throw unauthorized('No session');
  const now = ctx.now();
  const row = await findRefreshTokenByHash(ctx.db, sha256(presented));
  if (!row || row.revokedAt) throw unauthorized('Your session has ended, please sign in again');
  if (row.usedAt || !(await claimRefreshToken(ctx.db, row.id, now))) {
    await revokeFamily(ctx.db, row.familyId, now);
    throw unauthorized('This session was already renewed elsewhere; please sign in again');
  }
  if (row.expiresAt.getTime() <= now.getTime())
    throw unauthorized('Your session has expired, please sign in again');
  const user = await findUserById(ctx.db, row.userId);
  if (!user || user.disabledAt) throw unauthorized('Your session has ended, please sign in again');
  // A session from before the account had to have a second factor ends: the next sign-in enrols.
  if (secondFactorRequired(ctx.config, user) && !(await hasSecondFactor(ctx.db, user)))
    throw unauthorized('Please sign in again to set up your authenticator app');
  return issue(ctx, user, row.familyId, row.persistent, row.factorAt, client);
}

/** Revokes the session the cookie belongs to; an unknown or missing token is already signed out. */
export async function endSession(ctx: AppContext, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const row = await findRefreshTokenByHash(ctx.db, sha256(presented));
  if (row) await revokeFamily(ctx.db, row.familyId, ctx.now());
}
