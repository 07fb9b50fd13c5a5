import { describe, expect, it } from 'vitest';
import { requiredLicence } from './licences';

describe('the licence a boat requires', () => {
  it('is the one it names, the smallest when it names none, and none without the flag', () => {
    expect(requiredLicence({ requiresLicense: true, licence: 'per' })).toBe('per');
    expect(requiredLicence({ requiresLicense: true })).toBe('ln');
    expect(requiredLicence({ requiresLicense: false, licence: 'per' })).toBeNull();
  });
});
