import { describe, expect, it } from 'vitest';
import {
  depositAuthoriseAt,
  depositCaptureRefusal,
  depositLapsesAt,
  depositRescheduledFor,
} from './deposits';

describe('the security deposit', () => {
  it('is authorised the given hours before departure and lapses 7 days after its authorisation', () => {
    const start = new Date('2027-07-10T08:00:00Z');
    expect(depositAuthoriseAt(start, 24).toISOString()).toBe('2027-07-09T08:00:00.000Z');
    expect(depositLapsesAt(new Date('2027-07-09T08:00:00Z')).toISOString()).toBe('2027-07-16T08:00:00.000Z');
  });

  it('is captured only while held, for more than nothing and never more than the deposit', () => {
    const held = { status: 'authorised' as const, amountCents: 30_000 };
    expect(depositCaptureRefusal(held, 30_000)).toBeNull();
    expect(depositCaptureRefusal(held, 1)).toBeNull();
    expect(depositCaptureRefusal(held, 30_001)).toBe('capture_exceeds_deposit');
    expect(depositCaptureRefusal(held, 0)).toBe('invalid_amount');
    expect(depositCaptureRefusal(held, 10.5)).toBe('invalid_amount');
    for (const status of ['scheduled', 'failed', 'released', 'captured', 'lapsed', 'canceled'] as const) {
      expect(depositCaptureRefusal({ status, amountCents: 30_000 }, 100)).toBe('deposit_not_held');
    }
  });

  describe('follows its booking moved later', () => {
    const HOUR = 3_600_000;
    // Authorised the day before a 4-hour charter on 10 July 08:00: lapses 16 July 08:00.
    const authorisedAt = new Date('2027-07-09T08:00:00Z');
    const held = {
      status: 'authorised' as const,
      method: 'card' as const,
      lapsesAt: depositLapsesAt(authorisedAt),
    };
    const charterOn = (start: string) => ({
      startsAt: new Date(start),
      endsAt: new Date(new Date(start).getTime() + 4 * HOUR),
    });
    const now = new Date('2027-07-09T10:00:00Z');

    it('is kept when the authorisation outlives the new return by 72 hours, to the hour', () => {
      expect(depositRescheduledFor(held, charterOn('2027-07-10T08:00:00Z'), 24, now)).toBeNull();
      // Back on 13 July 08:00: the latest return it covers (16 July 08:00 less 72 hours).
      expect(depositRescheduledFor(held, charterOn('2027-07-13T04:00:00Z'), 24, now)).toBeNull();
    });

    it('is let go and scheduled for the new departure once it would lapse before that', () => {
      expect(depositRescheduledFor(held, charterOn('2027-07-13T04:00:01Z'), 24, now)).toEqual(
        new Date('2027-07-12T04:00:01Z'),
      );
      expect(depositRescheduledFor(held, charterOn('2027-08-01T08:00:00Z'), 48, now)).toEqual(
        new Date('2027-07-30T08:00:00Z'),
      );
    });

    it('is kept when the new time to authorise has come anyway (a charter longer than the window)', () => {
      const week = { startsAt: new Date('2027-07-10T08:00:00Z'), endsAt: new Date('2027-07-17T08:00:00Z') };
      expect(depositRescheduledFor(held, week, 24, now)).toBeNull();
    });

    it('leaves alone a deposit not held on the card: scheduled, failed, taken at the harbour, decided', () => {
      const far = charterOn('2027-08-01T08:00:00Z');
      for (const status of ['scheduled', 'failed', 'released', 'captured', 'lapsed', 'canceled'] as const) {
        expect(depositRescheduledFor({ ...held, status }, far, 24, now)).toBeNull();
      }
      for (const method of ['cash', 'terminal', 'bank_transfer'] as const) {
        expect(depositRescheduledFor({ ...held, method, lapsesAt: null }, far, 24, now)).toBeNull();
      }
    });
  });
});
