import { describe, expect, it } from 'vitest';
import { bookingReference } from './booking-reference';

describe('bookingReference', () => {
  it('is the last 8 characters of the id in upper case', () => {
    expect(bookingReference('3f1c2a8e-5b7d-4c1e-9a2b-1d2e3f4a5b6c')).toBe('3F4A5B6C');
  });
  it('keeps a short id whole', () => {
    expect(bookingReference('ab12')).toBe('AB12');
  });
});
