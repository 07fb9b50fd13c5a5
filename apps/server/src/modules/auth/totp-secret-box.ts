// The authenticator apps' secrets at rest (docs/security.md#second-factor-and-step-up): the server
// must read a secret to check a code, so it cannot be hashed like a password; it is encrypted
// with AES-256-GCM under TOTP_ENCRYPTION_KEY, bound to its account (the user id is the
// authenticated data, so a sealed secret copied onto another account does not open). Stored as
// `v1:<iv>:<ciphertext and tag>` (base64url). A copy of the database without the key gives no
// secret.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, like, not, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const boundTo = (userId: string) => Buffer.from(`totp-secret|${userId}`);

export function sealTotpSecret(key: Buffer, userId: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(boundTo(userId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}:${iv.toString('base64url')}:${sealed.toString('base64url')}`;
}

/** The secret; throws when the value was not sealed with this key for this account. */
export function openTotpSecret(key: Buffer, userId: string, stored: string): string {
  const [version, iv, sealed] = stored.split(':');
  if (version !== VERSION || !iv || !sealed) throw new Error('TOTP secret is not sealed');
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(boundTo(userId));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}

const isSealed = (value: string | null) => value === null || value.startsWith(`${VERSION}:`);

/**
 * A data migration: secrets stored in the clear before they were encrypted (as migration 0049
 * left them) are sealed at the server's start, after the schema's migrations (SQL cannot: it
 * has no key). Answers how many accounts it sealed; every later start finds none.
 */
export async function sealPlainTotpSecrets(db: Db, key: Buffer): Promise<number> {
  const plain = (column: AnyPgColumn) => and(isNotNull(column), not(like(column, `${VERSION}:%`)));
  const rows = await db
    .select({ id: users.id, secret: users.totpSecret, pending: users.totpPendingSecret })
    .from(users)
    .where(or(plain(users.totpSecret), plain(users.totpPendingSecret)));
  for (const row of rows) {
    const seal = (value: string | null) => (isSealed(value) ? value : sealTotpSecret(key, row.id, value!));
    await db
      .update(users)
      .set({ totpSecret: seal(row.secret), totpPendingSecret: seal(row.pending) })
      .where(eq(users.id, row.id));
  }
  return rows.length;
}
