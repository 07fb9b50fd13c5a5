import { randomBytes } from 'node:crypto';

// Crockford base32 without look-alike letters, so a code read aloud at the pier is unambiguous.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** An unguessable ticket code such as "TF-7KQ2-M9XD-4H": 50 random bits. */
export function newTicketCode(): string {
  const bytes = randomBytes(10);
  const chars = Array.from(bytes, (b) => ALPHABET[b % 32]).join('');
  return `TF-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 10)}`;
}
