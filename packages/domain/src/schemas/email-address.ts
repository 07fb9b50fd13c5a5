/**
 * One e-mail address, the one rule every field that takes an address uses (checkout, contact,
 * lookup, sign-in, password reset, staff, owners, and any field added later:
 * docs/security.md#e-mail-addresses). Exactly one plain `local@domain`: no display name, no
 * comma or semicolon, no quotes, angle brackets or parentheses, no spaces, CR or LF; at most 64
 * characters before the @ and 254 in all; a domain of dot-separated labels ending in a
 * top-level part of 2+ letters. Anything a mail library could read as several recipients or as
 * more header lines is refused, so a form cannot be used to send mail to others. The mailer
 * checks the same rule again before it sends.
 */
import { z } from './zod';
import { blankToUndefined } from './common';

/** The characters of an unquoted local part (RFC 5322 atext), letters of any script included. */
const ATEXT = "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const LOCAL_PART = `${ATEXT}(?:\\.${ATEXT})*`;
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
const EMAIL_ADDRESS_RE = new RegExp(`^(?=[^@]{1,64}@)${LOCAL_PART}@(?:${LABEL}\\.)+\\p{L}{2,63}$`, 'u');
export const MAX_EMAIL_LENGTH = 254;

/** Whether `value` is exactly one address, as is (no trimming). */
export function isEmailAddress(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_ADDRESS_RE.test(value);
}

/** A required address field (surrounding spaces trimmed). */
export const emailAddress = z.string().trim().refine(isEmailAddress, 'validation.email');

/** An optional address field: '' or blanks mean "not given". */
export const optionalEmailAddress = z.preprocess(blankToUndefined, emailAddress.optional());
