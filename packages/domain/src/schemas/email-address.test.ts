import { describe, expect, it } from 'vitest';
import { emailAddress, isEmailAddress, optionalEmailAddress } from './email-address';

/** Addresses that would reach someone else, or add header lines, if a mailer read them. */
const HOSTILE_ADDRESSES = [
  'attacker@example.com, victim1@example.org, victim2@example.net',
  'attacker@example.com,victim@example.org',
  'a@example.com;b@example.org',
  'Attacker <attacker@example.com>',
  '"Ana" <ana@mar.es>',
  '<ana@mar.es>',
  'ana@mar.es (Ana)',
  'a@x.com\r\nBcc: hidden@example.org',
  'a@x.com\nBcc: hidden@example.org',
  'a,b@example.com',
  'group: a@example.com;',
  `${'x'.repeat(65)}@example.com`,
  `ana@${'a'.repeat(250)}.es`,
];

describe('one e-mail address', () => {
  it('accepts plain addresses, letters of any script, tags and apostrophes', () => {
    for (const ok of [
      'ana@mar.es',
      'a.b+c@sub.example.travel',
      "o'brien@example.ie",
      'josé@correo.es',
      'иван@почта.рф',
    ])
      expect(isEmailAddress(ok), ok).toBe(true);
    expect(emailAddress.parse('  ana@mar.es ')).toBe('ana@mar.es');
  });

  it('refuses lists, display names, CR/LF and overlong addresses', () => {
    for (const bad of HOSTILE_ADDRESSES) {
      expect(isEmailAddress(bad), bad).toBe(false);
      expect(emailAddress.safeParse(bad).success, bad).toBe(false);
      expect(optionalEmailAddress.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('refuses what is not an address at all', () => {
    for (const bad of [
      'ana@mar.e',
      'ana@mar',
      'ana mar@x.es',
      'ana@@x.es',
      'ana@x..es',
      '@x.es',
      'ana@x.e5',
      'ana.@x.es',
      'ana@-x.es',
    ])
      expect(isEmailAddress(bad), bad).toBe(false);
  });

  it('an optional field takes blanks as not given', () => {
    expect(optionalEmailAddress.parse('  ')).toBeUndefined();
    expect(optionalEmailAddress.parse(undefined)).toBeUndefined();
  });
});
