import { describe, expect, it } from 'vitest';
import { canRequestAt, effectiveBookingMode, requestDeadline } from './request-to-book';

const at = (iso: string) => new Date(iso);

describe('request deadline', () => {
  it('is REQUEST_HOURS after the authorization when the trip is far ahead', () => {
    expect(requestDeadline(at('2026-07-01T10:00:00Z'), at('2026-07-10T10:00:00Z'), 24).toISOString()).toBe(
      '2026-07-02T10:00:00.000Z',
    );
  });

  it('is never later than 12 hours before departure', () => {
    expect(requestDeadline(at('2026-07-01T10:00:00Z'), at('2026-07-02T08:00:00Z'), 24).toISOString()).toBe(
      '2026-07-01T20:00:00.000Z',
    );
  });

  it('refuses a request that could not be answered at least an hour before that limit', () => {
    expect(canRequestAt(at('2026-07-01T10:00:00Z'), at('2026-07-01T23:00:00Z'))).toBe(true);
    expect(canRequestAt(at('2026-07-01T10:00:00Z'), at('2026-07-01T22:59:00Z'))).toBe(false);
  });
});

describe('booking mode', () => {
  it("is the owner's choice unless the admin forced instant booking", () => {
    expect(effectiveBookingMode({ bookingMode: 'request', instantForced: false })).toBe('request');
    expect(effectiveBookingMode({ bookingMode: 'request', instantForced: true })).toBe('instant');
    expect(effectiveBookingMode({ bookingMode: 'instant', instantForced: false })).toBe('instant');
  });
});
