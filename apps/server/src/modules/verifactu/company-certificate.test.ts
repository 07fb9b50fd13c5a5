// The company's certificate for the AEAT's web service, opened at the start: a PKCS#12 file as
// current tools export it loads; one exported by an older browser or Windows (RC2-40, which
// OpenSSL 3 no longer reads), or a wrong password, stops the start with one line saying what to
// do. The fixtures are a throwaway self-signed certificate (test/fixtures/aeat-cert-*.p12, made
// with `openssl pkcs12 -export`, with `-legacy` for the old one; password p12-password).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { companyCertificate } from './aeat-connection';

const fixture = (name: string) => join(import.meta.dirname, '../../../test/fixtures', name);

describe('the company’s certificate', () => {
  it('loads a PKCS#12 file as current tools export it', () => {
    expect(companyCertificate(fixture('aeat-cert-modern.p12'), 'p12-password').length).toBeGreaterThan(0);
  });

  it('refuses an old browser’s export with the command that converts it, in one line', () => {
    let message = '';
    try {
      companyCertificate(fixture('aeat-cert-legacy.p12'), 'p12-password');
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^AEAT_CERT_PATH: .*aeat-cert-legacy\.p12 uses an old encryption/);
    expect(message).toContain('openssl pkcs12 -legacy -in old.p12 -out cert.pem -nodes');
    expect(message).not.toContain('\n');
  });

  it('names the password when it does not open the file', () => {
    expect(() => companyCertificate(fixture('aeat-cert-modern.p12'), 'wrong')).toThrow(
      /^AEAT_CERT_PASSWORD: does not open/,
    );
  });
});
