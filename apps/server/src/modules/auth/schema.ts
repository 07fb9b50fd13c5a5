// The sign-in tables: accounts, their second factors (TOTP, recovery codes, passkeys), the
// passkeys' one-time challenges, password-reset links and refresh tokens.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PASSKEY_PURPOSES, USER_ROLES } from '@boats/domain/schemas/auth';
import { oneOf, createdAt, instant } from '../../db/columns';
import { owners } from '../owners/schema';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    // An owner account's owner; a crew account's: the owner (or the platform) that created it,
    // whose boats it checks in. Admins belong to no owner: they see everything.
    ownerId: uuid('owner_id').references(() => owners.id),
    // A disabled staff account cannot sign in or renew a session; its history stays attributed.
    disabledAt: instant('disabled_at'),
    // The second factor (modules/auth/second-factor.ts): the TOTP secret, encrypted with
    // TOTP_ENCRYPTION_KEY (modules/auth/totp-secret-box.ts); on since totp_enabled_at (null: none
    // yet). A secret shown for enrolment waits in totp_pending_secret, as sealed, until a code
    // from it confirms it.
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: instant('totp_enabled_at'),
    // The last time step a code was accepted for: a code works once, even inside its 30 s.
    totpLastStep: integer('totp_last_step'),
    createdAt: createdAt(),
  },
  (t) => [
    check('users_role_check', oneOf(t.role, USER_ROLES)),
    check('users_owner_check', sql`(${t.role} in ('owner', 'crew')) = (${t.ownerId} is not null)`),
    index('users_owner_idx').on(t.ownerId),
  ],
);

// "Forgot your password?" links. Only the token's SHA-256 is stored; a token works once and
// until expires_at.
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

// One row per issued refresh token. Tokens of one sign-in share a family: presenting a token
// that was already rotated revokes the whole family (it was stolen or replayed).
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    persistent: boolean('persistent').notNull().default(false),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    revokedAt: instant('revoked_at'),
    // When this session last proved the second factor (sign-in or step-up); carried over on
    // rotation. Step-up asks again when it is older than STEP_UP_MINUTES.
    factorAt: instant('factor_at'),
    // The browser and client address this token was issued to, for the account's list of its
    // signed-in devices (modules/auth/session-devices.ts); null on tokens from before the list.
    userAgent: text('user_agent'),
    clientAddress: text('client_address'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

// Ten single-use recovery codes per account with a second factor, for a lost phone. Only the
// SHA-256 of each is stored (they are random, like refresh tokens); a used one has used_at.
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

// Passkeys (WebAuthn; modules/auth/passkeys.ts): a second factor, and a sign-in without the
// password. The authenticator keeps the private key; the server keeps the public key (COSE,
// base64url) and the signature counter it last saw, which must grow when the authenticator
// counts (a cloned key shows a counter that went back).
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The credential's id as the browser gives it (base64url).
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    // The account's own name for it ("iPhone", "YubiKey").
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

// A passkey ceremony's challenge: random, single-use (taken by one DELETE ... RETURNING) and
// short-lived. `purpose` says which answer it may verify; `user_id` is the account it was made
// for (null: a sign-in without a password, whose account the passkey names).
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challenge: text('challenge').notNull().unique(),
    purpose: text('purpose', { enum: PASSKEY_PURPOSES }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('passkey_challenges_purpose_check', oneOf(t.purpose, PASSKEY_PURPOSES)),
    index('passkey_challenges_expires_idx').on(t.expiresAt),
  ],
);
