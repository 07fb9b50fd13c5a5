import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { entriesToOffer, waitlistOpen } from './waitlist';

const entry = (id: string, seats: number) => ({ id, seats });

describe('entriesToOffer', () => {
  it('offers in waitlist order while the seats last', () => {
    const waiting = [entry('a', 2), entry('b', 2), entry('c', 1)];
    expect(entriesToOffer(2, waiting).map((e) => e.id)).toEqual(['a']);
    expect(entriesToOffer(4, waiting).map((e) => e.id)).toEqual(['a', 'b']);
    expect(entriesToOffer(5, waiting).map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });

  it('passes over an entry that wants more than is free, which keeps its place', () => {
    expect(entriesToOffer(2, [entry('a', 4), entry('b', 2)]).map((e) => e.id)).toEqual(['b']);
  });

  it('offers nothing when nothing is free', () => {
    expect(entriesToOffer(0, [entry('a', 1)])).toEqual([]);
    expect(entriesToOffer(-3, [entry('a', 1)])).toEqual([]);
  });

  it('never offers more seats than are free', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 40 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 20 }),
        (free, seats) => {
          const offered = entriesToOffer(
            free,
            seats.map((s, i) => entry(String(i), s)),
          );
          expect(offered.reduce((sum, e) => sum + e.seats, 0)).toBeLessThanOrEqual(Math.max(0, free));
        },
      ),
    );
  });
});

describe('waitlistOpen', () => {
  const start = new Date('2027-06-01T09:00:00Z');
  it('is open until the trip departs, not at departure', () => {
    expect(waitlistOpen(start, new Date('2027-06-01T08:59:59Z'))).toBe(true);
    expect(waitlistOpen(start, start)).toBe(false);
  });
});
