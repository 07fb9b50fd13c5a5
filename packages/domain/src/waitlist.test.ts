import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { entriesToOffer, waitlistOpen } from './waitlist';

const entry = (id: string, seats: number, client: string | null = null) => ({ id, seats, client });
const anyRoom = () => Infinity;

describe('entriesToOffer', () => {
  it('offers in waitlist order while the seats last', () => {
    const waiting = [entry('a', 2), entry('b', 2), entry('c', 1)];
    expect(entriesToOffer(2, waiting, anyRoom).map((e) => e.id)).toEqual(['a']);
    expect(entriesToOffer(4, waiting, anyRoom).map((e) => e.id)).toEqual(['a', 'b']);
    expect(entriesToOffer(5, waiting, anyRoom).map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });

  it('passes over an entry that wants more than is free, which keeps its place', () => {
    expect(entriesToOffer(2, [entry('a', 4), entry('b', 2)], anyRoom).map((e) => e.id)).toEqual(['b']);
  });

  it('offers nothing when nothing is free', () => {
    expect(entriesToOffer(0, [entry('a', 1)], anyRoom)).toEqual([]);
    expect(entriesToOffer(-3, [entry('a', 1)], anyRoom)).toEqual([]);
  });

  it('offers one address no more than it may hold: its other entries keep their places (issue 42)', () => {
    // One address's five 5-seat entries on a 10-seat trip whose client limit is 7 seats: freed
    // 10 seats go to its first entry and to the next address, not all to the one address.
    const waiting = [
      ...['a', 'b', 'c', 'd', 'e'].map((id) => entry(id, 5, '203.0.113.9')),
      entry('f', 1, '198.51.100.1'),
      entry('g', 2, null),
    ];
    expect(entriesToOffer(10, waiting, () => 7).map((e) => e.id)).toEqual(['a', 'f', 'g']);
    // An address already holding 3 of its 7 has room for 4: its 5-seat entries wait.
    const room = (client: string) => (client === '203.0.113.9' ? 4 : 7);
    expect(entriesToOffer(10, waiting, room).map((e) => e.id)).toEqual(['f', 'g']);
  });

  it('never offers more seats than are free, nor more to one address than its room', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 40 }),
        fc.array(
          fc.record({ seats: fc.integer({ min: 1, max: 12 }), client: fc.constantFrom('x', 'y', null) }),
          {
            maxLength: 20,
          },
        ),
        fc.integer({ min: 0, max: 15 }),
        (free, wanted, room) => {
          const offered = entriesToOffer(
            free,
            wanted.map((w, i) => entry(String(i), w.seats, w.client)),
            () => room,
          );
          const sum = (entries: typeof offered) => entries.reduce((total, e) => total + e.seats, 0);
          expect(sum(offered)).toBeLessThanOrEqual(Math.max(0, free));
          for (const client of ['x', 'y']) {
            expect(sum(offered.filter((e) => e.client === client))).toBeLessThanOrEqual(room);
          }
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
