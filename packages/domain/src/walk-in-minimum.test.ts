import { describe, expect, it } from 'vitest';
import { walkInMinimum, type WalkInMinimumInput } from './walk-in-minimum';

const NOW = new Date('2027-06-10T09:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

/** A trip of minimum 3 with 1 paid seat whose cutoff passed an hour ago; crew sells 1 seat. */
const input = (over: Partial<WalkInMinimumInput> = {}): WalkInMinimumInput => ({
  minimum: { seats: 3, paidSeatsSold: 1, cutoffAt: at(-1) },
  walkInPaidSeats: 1,
  seller: 'crew',
  crewMaySellBelowMinimum: false,
  platformBoat: false,
  ...over,
});

describe('walk-in below the minimum', () => {
  it('is an ordinary sale when the minimum is reached, absent or waived, or the cutoff is still ahead', () => {
    expect(walkInMinimum(input({ walkInPaidSeats: 2 }), NOW)).toEqual({ kind: 'sold' });
    expect(walkInMinimum(input({ minimum: { seats: 0, paidSeatsSold: 1, cutoffAt: null } }), NOW)).toEqual({
      kind: 'sold',
    });
    // The cutoff a second ahead still decides the trip: taken as any booking is.
    const ahead = { seats: 3, paidSeatsSold: 0, cutoffAt: new Date(NOW.getTime() + 1000) };
    expect(walkInMinimum(input({ minimum: ahead }), NOW)).toEqual({ kind: 'sold' });
  });

  it("refuses the crew without their owner's permission once the cutoff has passed, and says who can allow it", () => {
    expect(walkInMinimum(input(), NOW)).toEqual({
      kind: 'refused',
      seats: 3,
      missing: 1,
      allowedBy: 'owner',
    });
    // Exactly at the cutoff it has passed.
    const atCutoff = { seats: 3, paidSeatsSold: 1, cutoffAt: NOW };
    expect(walkInMinimum(input({ minimum: atCutoff }), NOW).kind).toBe('refused');
    // A trip without a cutoff (0 hours, or a last-minute trip) the same.
    const none = { seats: 3, paidSeatsSold: 0, cutoffAt: null };
    expect(walkInMinimum(input({ minimum: none }), NOW)).toEqual({
      kind: 'refused',
      seats: 3,
      missing: 2,
      allowedBy: 'owner',
    });
    // The platform's crew: the admin's setting.
    expect(walkInMinimum(input({ platformBoat: true }), NOW)).toMatchObject({ allowedBy: 'admin' });
  });

  it('sells below the minimum for the crew with the permission, for the owner and for the admin', () => {
    const below = { kind: 'belowMinimum', seats: 3, paidSeats: 2 };
    expect(walkInMinimum(input({ crewMaySellBelowMinimum: true }), NOW)).toEqual(below);
    expect(walkInMinimum(input({ seller: 'owner' }), NOW)).toEqual(below);
    expect(walkInMinimum(input({ seller: 'admin' }), NOW)).toEqual(below);
    expect(
      walkInMinimum(input({ seller: 'crew', crewMaySellBelowMinimum: true, platformBoat: true }), NOW),
    ).toEqual(below);
  });
});
