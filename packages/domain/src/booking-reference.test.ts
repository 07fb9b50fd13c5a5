import { describe, expect, it } from 'vitest';
import { bookingReference } from './booking-reference';
import { bookingReferenceSchema } from './schemas/manage-booking';

describe('bookingReference', () => {
  it('is the last 8 characters of the id in upper case', () => {
    expect(bookingReference('3f1c2a8e-5b7d-4c1e-9a2b-1d2e3f4a5b6c')).toBe('3F4A5B6C');
  });
  it('keeps a short id whole', () => {
    expect(bookingReference('ab12')).toBe('AB12');
  });
  it('is what the customer can type back to find the booking', () => {
    const ref = bookingReference('0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c');
    expect(bookingReferenceSchema.parse(` #${ref.toLowerCase()} `)).toBe(ref);
  });
});
