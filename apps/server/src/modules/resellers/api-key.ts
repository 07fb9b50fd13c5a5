// A reseller's API key: 32 random bytes behind a readable prefix. Only its SHA-256 is stored; the
// key itself is shown once, when it is issued.
import { createHash, randomBytes } from 'node:crypto';

/** Every key starts so: a key pasted into a chat or a log is recognisable for what it is. */
const API_KEY_PREFIX = 'octo_';
/** Characters kept to show which key is which (the prefix and 6 of the random part). */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 6;

export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function apiKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function shownPartOf(key: string): string {
  return key.slice(0, SHOWN_CHARACTERS);
}
