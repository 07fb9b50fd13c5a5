import { describe, expect, it } from 'vitest';
import { tripMoveVerdict, type MoveTarget } from './trip-move';

const NOW = new Date('2027-07-01T08:00:00Z');
const HOUR = 3_600_000;
const party = { boatId: 'b', adults: 2, children50: 1, kidsFree: 1 };
const target = (over: Partial<MoveTarget> = {}): MoveTarget => ({
  boatId: 'b',
  type: 'shared',
  startsAt: new Date(NOW.getTime() + 48 * HOUR),
  endsAt: new Date(NOW.getTime() + 49 * HOUR),
  seatPriceCents: 1000,
  priceRules: [],
  isOpen: true,
  canceled: false,
  seatsLeft: 4,
  ...over,
});

describe('tripMoveVerdict', () => {
  it('prices the move at the target trip’s seasonal price', () => {
    // NOW + 48 h is Saturday 3 July 2027: a weekend rule of +20 % makes €10 → €12 a seat-hour,
    // so the party's 2.5 paid units cost €30.
    const weekend = target({
      priceRules: [{ id: 'w', kind: 'weekdays', days: [6, 7], change: { type: 'percent', percent: 20 } }],
    });
    expect(tripMoveVerdict(party, 3000, weekend, NOW)).toMatchObject({
      ok: true,
      price: { amountCents: 3000 },
      refundCents: 0,
    });
  });

  it('prices the whole party at the target trip’s own length and seat price', () => {
    // 2.5 paid units × €10 × 1 h = €25; held €30 → €5 back.
    expect(tripMoveVerdict(party, 3000, target(), NOW)).toMatchObject({
      ok: true,
      price: { amountCents: 2500 },
      refundCents: 500,
    });
    const sixHours = target({ endsAt: new Date(NOW.getTime() + 54 * HOUR) });
    expect(tripMoveVerdict(party, 3000, sixHours, NOW)).toEqual({
      ok: false,
      reason: 'dearer',
      priceCents: 15000,
    });
  });

  it('allows exactly what is held, not a cent more', () => {
    expect(tripMoveVerdict(party, 2500, target(), NOW)).toMatchObject({ ok: true, refundCents: 0 });
    expect(tripMoveVerdict(party, 2499, target(), NOW)).toMatchObject({ ok: false, reason: 'dearer' });
  });

  it('names why a trip cannot be chosen', () => {
    const why = (over: Partial<MoveTarget>) => tripMoveVerdict(party, 1_000_000, target(over), NOW);
    expect(why({ boatId: 'other' })).toMatchObject({ reason: 'other_boat' });
    expect(why({ type: 'private' })).toMatchObject({ reason: 'not_shared' });
    expect(why({ isOpen: false })).toMatchObject({ reason: 'closed' });
    expect(why({ canceled: true })).toMatchObject({ reason: 'closed' });
    expect(why({ startsAt: NOW })).toMatchObject({ reason: 'too_soon' });
    expect(why({ startsAt: new Date(NOW.getTime() + 60 * 24 * HOUR) })).toMatchObject({ reason: 'too_far' });
    // The child under 6 needs a seat too.
    expect(why({ seatsLeft: 3 })).toMatchObject({ reason: 'no_room' });
  });
});
