// Passkeys (WebAuthn; docs/security.md#second-factor-and-step-up), through @simplewebauthn/server:
// a second factor after the password, a factor for step-up, and a sign-in without the password
// (a discoverable credential with user verification: the device's lock proves the person).
//
// - The origin and relying party id come from the configuration (config.passkeys) only.
// - A challenge is random, made by the server, stored with its purpose and account, valid for
//   CHALLENGE_MINUTES, and taken by one DELETE ... RETURNING: an answer cannot be replayed, and
//   two answers to one challenge cannot both pass.
// - The library refuses a signature counter that did not grow (when the authenticator counts);
//   the new counter is stored with a conditional UPDATE, so two uses of one answer cannot both win.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import type { PASSKEY_PURPOSES, WebAuthnResponse } from '@boats/domain/schemas/auth';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { passkeyChallenges, passkeys } from '../../db/schema';
import { conflict, invalidField, notFound } from '../../http/errors';
import type { UserRow } from './user-repository';

type Purpose = (typeof PASSKEY_PURPOSES)[number];

const CHALLENGE_MINUTES = 5;
const RP_NAME = 'AD Boat Rental';
const MAX_PASSKEYS = 10;

export type PasskeyRow = typeof passkeys.$inferSelect;

export const wrongPasskey = () =>
  invalidField('body.response', 'passkey_invalid', 'This passkey was not accepted. Please try again.');

export async function passkeysOf(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

export async function passkeyCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

async function keepChallenge(ctx: AppContext, challenge: string, purpose: Purpose, userId: string | null) {
  const now = ctx.now();
  // Lapsed challenges of anyone go with each new one: the table stays as small as the last minutes.
  await ctx.db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  await ctx.db.insert(passkeyChallenges).values({
    challenge,
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
  });
}

/** Takes the challenge the answer signed, once: its account (null: any), or a 400. */
async function takeChallenge(ctx: AppContext, response: WebAuthnResponse, purpose: Purpose) {
  const clientData = (response.response as { clientDataJSON?: unknown }).clientDataJSON;
  let challenge: unknown;
  try {
    challenge = (
      JSON.parse(Buffer.from(String(clientData), 'base64url').toString()) as { challenge?: unknown }
    ).challenge;
  } catch {
    throw wrongPasskey();
  }
  if (typeof challenge !== 'string' || challenge.length === 0) throw wrongPasskey();
  const [row] = await ctx.db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expiresAt, ctx.now()),
      ),
    )
    .returning();
  if (!row) throw wrongPasskey();
  return { challenge, userId: row.userId };
}

// ---- adding one ----

/** The options for navigator.credentials.create(): a discoverable passkey for this account. */
export async function registrationOptions(ctx: AppContext, user: UserRow) {
  const existing = await passkeysOf(ctx.db, user.id);
  if (existing.length >= MAX_PASSKEYS)
    throw conflict('passkey_limit', `An account keeps at most ${MAX_PASSKEYS} passkeys.`);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: ctx.config.passkeys.rpId,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: CHALLENGE_MINUTES * 60_000,
  });
  await keepChallenge(ctx, options.challenge, 'register', user.id);
  return { ...options };
}

/** Verifies the new passkey's answer and keeps its public key under the account. */
export async function addPasskey(
  ctx: AppContext,
  user: UserRow,
  name: string,
  response: WebAuthnResponse,
): Promise<PasskeyRow> {
  const taken = await takeChallenge(ctx, response, 'register');
  if (taken.userId !== user.id) throw wrongPasskey();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: taken.challenge,
      expectedOrigin: ctx.config.passkeys.origin,
      expectedRPID: ctx.config.passkeys.rpId,
      requireUserVerification: false,
    });
  } catch {
    throw wrongPasskey();
  }
  if (!verified.verified) throw wrongPasskey();
  const { credential } = verified.registrationInfo;
  const [row] = await ctx.db
    .insert(passkeys)
    .values({
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('passkey_exists', 'This passkey is already registered.');
  return row;
}

/** Removes one of the account's passkeys (404 for anyone else's); answers the removed one. */
export async function removePasskey(ctx: AppContext, userId: string, passkeyId: string): Promise<PasskeyRow> {
  const [row] = await ctx.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw notFound('Passkey');
  return row;
}

// ---- signing with one ----

/**
 * The options for navigator.credentials.get(). With an account (second factor, step-up): its
 * passkeys. Without (sign-in without the password): none listed, so the browser offers the
 * passkeys it holds for this site, and the device must verify the person.
 */
export async function assertionOptions(
  ctx: AppContext,
  purpose: Exclude<Purpose, 'register'>,
  user?: UserRow,
) {
  const own = user ? await passkeysOf(ctx.db, user.id) : [];
  if (user && own.length === 0) throw conflict('no_passkey', 'This account has no passkey.');
  const options = await generateAuthenticationOptions({
    rpID: ctx.config.passkeys.rpId,
    allowCredentials: own.map((p) => ({ id: p.credentialId, transports: p.transports })),
    userVerification: user ? 'preferred' : 'required',
    timeout: CHALLENGE_MINUTES * 60_000,
  });
  await keepChallenge(ctx, options.challenge, purpose, user?.id ?? null);
  return { ...options };
}

/** The passkey an answer names, to find the account before the answer is checked. */
export async function passkeyOfResponse(db: Db, response: WebAuthnResponse): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  return row;
}

/**
 * Checks an answer to a challenge of `purpose` made for the passkey's account (or for any account,
 * for a sign-in without the password, which requires user verification); stores the new counter.
 */
export async function verifyPasskey(
  ctx: AppContext,
  passkey: PasskeyRow,
  response: WebAuthnResponse,
  purpose: Exclude<Purpose, 'register'>,
): Promise<void> {
  const taken = await takeChallenge(ctx, response, purpose);
  if (taken.userId !== (purpose === 'sign-in' ? null : passkey.userId)) throw wrongPasskey();
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: taken.challenge,
      expectedOrigin: ctx.config.passkeys.origin,
      expectedRPID: ctx.config.passkeys.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: purpose === 'sign-in',
    });
  } catch {
    // A wrong signature, origin or RP id, or a counter that went back (a cloned key).
    throw wrongPasskey();
  }
  if (!verified.verified) throw wrongPasskey();
  const counter = verified.authenticationInfo.newCounter;
  const rows = await ctx.db
    .update(passkeys)
    .set({ counter, lastUsedAt: ctx.now() })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  if (rows.length !== 1) throw wrongPasskey();
}
