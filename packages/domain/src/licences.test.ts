import { describe, expect, it } from 'vitest';
import { licenceCovers, licenceLineKey, requiredLicence } from './licences';

describe('the licence a boat requires', () => {
  it('is the one it names, the smallest when it names none, and none without the flag', () => {
    expect(requiredLicence({ requiresLicense: true, licence: 'per' })).toBe('per');
    expect(requiredLicence({ requiresLicense: true })).toBe('ln');
    expect(requiredLicence({ requiresLicense: false, licence: 'per' })).toBeNull();
  });
});

describe('a skipper licence covers a boat', () => {
  it('when it is the title the boat names or a higher one', () => {
    expect(licenceCovers('per', 'per', false)).toBe(true);
    expect(licenceCovers('py', 'per', false)).toBe(true);
    expect(licenceCovers('pnb', 'per', false)).toBe(false);
    expect(licenceCovers('ln', 'pnb', true)).toBe(false);
  });

  it('as a foreign licence only when the owner accepts those', () => {
    expect(licenceCovers('foreign', 'pnb', true)).toBe(true);
    expect(licenceCovers('foreign', 'ln', false)).toBe(false);
  });
});

describe('a line naming the boat’s licence', () => {
  it('names a foreign equivalent (its OrForeign text) only when the owner accepts one', () => {
    expect(licenceLineKey('bringLicence', true)).toBe('bringLicenceOrForeign');
    expect(licenceLineKey('bringLicence', false)).toBe('bringLicence');
    expect(licenceLineKey('review.licenceConfirm', false)).toBe('review.licenceConfirm');
  });
});
