// The second factor (docs/security.md#second-factor-and-step-up): a TOTP authenticator app
// (otplib, RFC 6238: 6 digits, 30 s steps, SHA-1 as every app expects) and ten single-use
// recovery codes, or a passkey (passkeys.ts). Required for admin and owner accounts, except the demo's outside production
// (SECOND_FACTOR_EXEMPT); optional for crew.
//
// - A code is accepted for the step before, the current and the next one (clocks drift), and
//   only for a step after the last one accepted: a code seen over a shoulder cannot be replayed.
//   Claiming the step is one conditional UPDATE, so two uses of one code at once cannot both win.
// - The password alone answers a challenge (a signed 10-minute JWT naming the account), never a
//   session; the code, or the enrolment, turns the challenge into a session.
// - Step-up: an act that moves money or power asks for the factor again when the session last
//   proved it more than STEP_UP_MINUTES (config, default 10) ago (refresh_tokens.factor_at).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { STEP_UP_REQUIRED } from '@boats/domain/schemas/auth';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { auditLog, recoveryCodes, refreshTokens, users } from '../../db/schema';
import { conflict, DomainError, invalidField, unauthorized } from '../../http/errors';
import { passkeyCount } from './passkeys';
import { openTotpSecret, sealTotpSecret } from './totp-secret-box';
import type { UserRow } from './user-repository';

const ISSUER = 'boats';
const CHALLENGE_AUDIENCE = 'second-factor';
const CHALLENGE_MINUTES = 10;
/** The name an authenticator app shows above the code. */
const APP_LABEL = 'AD Boat Rental';
const RECOVERY_CODE_COUNT = 10;
const TOTP_PERIOD_SECONDS = 30;

/**
 * The demo's printed admin and owner accounts (seed/demo-fleet.ts: DEMO_ADMIN, DEMO_OWNERS),
 * written out because the seed depends on this module, not the other way round;
 * test/api/owners/owners.test.ts signs each in with the password alone.
 */
const DEMO_ACCOUNTS = [
  'admin@adboatrental.example',
  'owner@adboatrental.example',
  'owner2@adboatrental.example',
  'owner3@adboatrental.example',
];

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * The accounts that may sign in without a second factor although their role asks for one: outside
 * production, the demo's printed accounts (a visitor of the demo has no phone set up for them)
 * and SECOND_FACTOR_EXEMPT's addresses and @domains (the tests' accounts); in production none.
 */
function exemptions(config: Config): string[] {
  if (config.NODE_ENV === 'production') return [];
  const extra = (config.SECOND_FACTOR_EXEMPT ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  return [...DEMO_ACCOUNTS, ...extra];
}

/** Whether the account must have a second factor to sign in (admins and owners). */
export function secondFactorRequired(config: Config, user: Pick<UserRow, 'role' | 'email'>): boolean {
  if (user.role !== 'admin' && user.role !== 'owner') return false;
  const email = user.email.toLowerCase();
  return !exemptions(config).some((entry) =>
    entry.startsWith('@') ? email.endsWith(entry) : email === entry,
  );
}

export const hasTotp = (user: Pick<UserRow, 'totpEnabledAt'>) => user.totpEnabledAt !== null;

/** The account has a second factor: the authenticator app, or a passkey (modules/auth/passkeys.ts). */
export async function hasSecondFactor(db: Db, user: Pick<UserRow, 'id' | 'totpEnabledAt'>): Promise<boolean> {
  return hasTotp(user) || (await passkeyCount(db, user.id)) > 0;
}

// ---- the challenge between the password and the code ----

export async function signChallenge(
  ctx: AppContext,
  user: UserRow,
  remember: boolean,
  language: string,
): Promise<string> {
  const issuedAt = Math.floor(ctx.now().getTime() / 1000);
  return new SignJWT({ rem: remember, lng: language })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setAudience(CHALLENGE_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + CHALLENGE_MINUTES * 60)
    .sign(new TextEncoder().encode(ctx.config.jwtSecret));
}

/** The account, "remember" and page language of a challenge; 401 when forged or older than 10 minutes. */
export async function readChallenge(
  ctx: AppContext,
  challenge: string,
): Promise<{ userId: string; remember: boolean; language: string }> {
  try {
    const { payload } = await jwtVerify(challenge, new TextEncoder().encode(ctx.config.jwtSecret), {
      issuer: ISSUER,
      audience: CHALLENGE_AUDIENCE,
      algorithms: ['HS256'],
      currentDate: ctx.now(),
      requiredClaims: ['exp', 'sub'],
    });
    if (typeof payload.sub !== 'string') throw new Error('no subject');
    const language = typeof payload.lng === 'string' ? payload.lng : 'en';
    return { userId: payload.sub, remember: payload.rem === true, language };
  } catch {
    throw unauthorized('This sign-in has expired, please enter your password again');
  }
}

// ---- codes ----

const digitsOnly = (code: string) => code.replace(/[\s-]/g, '');
const isTotpCode = (code: string) => /^\d{6}$/.test(digitsOnly(code));

/** The time step a code from `secret` matches now (±1 step), after `afterStep`; else undefined. */
async function matchingStep(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: digitsOnly(code),
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // The default strategy is TOTP, whose answer names the step (the union type includes HOTP's).
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** Takes the step for the account unless a code of this or a later step was accepted first. */
async function claimStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

async function useRecoveryCode(ctx: AppContext, userId: string, code: string): Promise<boolean> {
  const rows = await ctx.db
    .update(recoveryCodes)
    .set({ usedAt: ctx.now() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, sha256(normalRecoveryCode(code))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

/** True when `code` is the app's current code (not used before) or an unused recovery code. */
export async function checkSecondFactor(ctx: AppContext, user: UserRow, code: string): Promise<boolean> {
  if (!user.totpSecret || !user.totpEnabledAt) return false;
  if (!isTotpCode(code)) return useRecoveryCode(ctx, user.id, code);
  const secret = openTotpSecret(ctx.config.totpKey, user.id, user.totpSecret);
  const step = await matchingStep(secret, code, ctx.now(), user.totpLastStep);
  return step !== undefined && (await claimStep(ctx.db, user.id, step));
}

export const wrongCode = () =>
  invalidField('body.code', 'second_factor_invalid', 'This code is not right, or was already used.');

// ---- enrolment ----

/** A new secret for the account's authenticator app, kept pending until a code confirms it. */
export async function startEnrolment(
  ctx: AppContext,
  user: UserRow,
): Promise<{ secret: string; uri: string; qrCode: string }> {
  if (hasTotp(user)) {
    throw conflict('second_factor_exists', 'This account already has an authenticator app.');
  }
  const secret = generateSecret();
  await ctx.db
    .update(users)
    .set({ totpPendingSecret: sealTotpSecret(ctx.config.totpKey, user.id, secret) })
    .where(eq(users.id, user.id));
  const uri = generateURI({ issuer: APP_LABEL, label: user.email, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

const newRecoveryCodes = () =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(8).toString('hex').slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });

/** Replaces the account's recovery codes (stored as their SHA-256 only) with `codes`. */
async function storeRecoveryCodes(tx: Db, userId: string, codes: string[]): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((c) => ({ userId, codeHash: sha256(normalRecoveryCode(c)) })));
}

/**
 * The audit row of an enrolment, written in its transaction: an enrolment also happens during a
 * sign-in, outside the guarded plugins whose hooks write the other rows (removing the app and new
 * recovery codes are guarded routes of /api/account). Written to the table directly: the audit
 * module's routes need this module, so this module does not call the audit module back
 * (scripts/check-cycles.js). An account's row names no boat, booking or trip.
 */
async function auditFactorChange(
  tx: Db,
  user: UserRow,
  act: { action: string; changes: Record<string, { before: unknown; after: unknown }>; at: Date; ip: string },
): Promise<void> {
  await tx.insert(auditLog).values({
    at: act.at,
    actorUserId: user.id,
    actorEmail: user.email,
    actorRole: user.role,
    action: act.action,
    objectType: 'account',
    objectId: null,
    ownerId: user.ownerId,
    changes: act.changes,
    ip: act.ip,
  });
}

/**
 * Turns the factor on with a code from the pending secret; answers the ten recovery codes. The
 * audit trail gets the enrolment and the codes (`account.totp_enable`, `account.recovery_codes`).
 */
export async function confirmEnrolment(
  ctx: AppContext,
  user: UserRow,
  code: string,
  ip: string,
): Promise<string[]> {
  const sealed = user.totpPendingSecret;
  if (!sealed) throw conflict('second_factor_not_started', 'Start by scanning a new code.');
  const secret = openTotpSecret(ctx.config.totpKey, user.id, sealed);
  const step = isTotpCode(code) ? await matchingStep(secret, code, ctx.now(), null) : undefined;
  if (step === undefined) throw wrongCode();
  const codes = newRecoveryCodes();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ totpSecret: sealed, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step })
      .where(and(eq(users.id, user.id), eq(users.totpPendingSecret, sealed), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (rows.length !== 1)
      throw conflict('second_factor_exists', 'This account already has an authenticator app.');
    await storeRecoveryCodes(tx, user.id, codes);
    await auditFactorChange(tx, user, {
      action: 'account.totp_enable',
      changes: { authenticatorApp: { before: false, after: true } },
      at: now,
      ip,
    });
    await auditFactorChange(tx, user, {
      action: 'account.recovery_codes',
      changes: { codes: { before: null, after: codes.length } },
      at: now,
      ip,
    });
  });
  return codes;
}

/**
 * Turns the authenticator app off and voids its recovery codes (its route writes
 * `account.totp_remove` to the audit trail). 409 `last_second_factor` when the account's role requires a factor and it has no
 * passkey; 409 `second_factor_missing` when there is no app. The route asks for step-up.
 */
export async function removeAuthenticator(ctx: AppContext, user: UserRow): Promise<void> {
  if (!hasTotp(user)) throw conflict('second_factor_missing', 'This account has no authenticator app.');
  if (secondFactorRequired(ctx.config, user) && (await passkeyCount(ctx.db, user.id)) === 0)
    throw conflict('last_second_factor', 'This is your only second factor: add another one first.');
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  });
}

/**
 * Ten new recovery codes for the app, the old ones void (its route writes `account.recovery_codes`
 * to the audit trail); 409 `second_factor_missing` without an app. The route asks for step-up.
 */
export async function replaceRecoveryCodes(
  ctx: AppContext,
  user: UserRow,
): Promise<{ codes: string[]; left: number }> {
  if (!hasTotp(user)) throw conflict('second_factor_missing', 'This account has no authenticator app.');
  const codes = newRecoveryCodes();
  return ctx.db.transaction(async (tx) => {
    const left = await recoveryCodesLeft(tx, user.id);
    await storeRecoveryCodes(tx, user.id, codes);
    return { codes, left };
  });
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

// ---- step-up ----

/** The session proved the second factor now (a sign-in with a code, a step-up, an enrolment). */
export async function markFactorProved(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.db
    .update(refreshTokens)
    .set({ factorAt: ctx.now() })
    .where(eq(refreshTokens.familyId, sessionId));
}

async function factorProvedAt(db: Db, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${refreshTokens.factorAt})` })
    .from(refreshTokens)
    .where(eq(refreshTokens.familyId, sessionId));
  return row?.at ? new Date(row.at) : null;
}

/**
 * Why an act that moves money or power may not go ahead on this session now, or null when it
 * may: the session proved the second factor in the last STEP_UP_MINUTES, or the account has no
 * factor that its role requires (crew, the demo's accounts), so there is nothing to ask. The
 * refusal is a 403 `step_up_required` the web app answers with the code (POST /user/step-up)
 * before it retries. The guard of the back office's routes (step-up.ts) asks it for every route
 * that declares step-up.
 */
export async function stepUpRefusal(
  ctx: AppContext,
  userId: string,
  sessionId: string,
): Promise<DomainError | null> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized();
  if (!(await hasSecondFactor(ctx.db, user))) {
    if (!secondFactorRequired(ctx.config, user)) return null;
    return new DomainError(403, 'second_factor_required', 'Set up your authenticator app first.');
  }
  const at = await factorProvedAt(ctx.db, sessionId);
  if (at && ctx.now().getTime() - at.getTime() <= ctx.config.STEP_UP_MINUTES * 60_000) return null;
  return new DomainError(403, STEP_UP_REQUIRED, 'Confirm with the code from your authenticator app.');
}

/** stepUpRefusal thrown, for a session named outside a guarded route (the /user/ calls). */
export async function requireRecentFactorOf(
  ctx: AppContext,
  userId: string,
  sessionId: string,
): Promise<void> {
  const refusal = await stepUpRefusal(ctx, userId, sessionId);
  if (refusal) throw refusal;
}
