// The sign-in tables: accounts, password-reset links and refresh tokens.
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { USER_ROLES } from '@boats/domain/schemas/auth';
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
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);
