import { describe, expect, it } from 'vitest';
import {
  comparableTrip,
  crossOwnerCharterVerdict,
  crossOwnerMoveVerdict,
  type CanceledTripFacts,
  type OtherBoatTrip,
} from './cross-owner-move';

// Thursday 1 July 2027, 10:00 in the Canaries (UTC+1).
const NOW = new Date('2027-07-01T09:00:00Z');
const HOUR = 3_600_000;
const at = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * HOUR);
const party = { boatId: 'b1', adults: 2, children50: 1, kidsFree: 1 };
const canceled: CanceledTripFacts = {
  boatId: 'b1',
  ownerId: 'o1',
  harbour: 'Puerto Colón',
  type: 'shared',
  startsAt: at(4),
  endsAt: at(6),
  boatCapacity: 10,
};
const trip = (over: Partial<OtherBoatTrip> = {}): OtherBoatTrip => ({
  boatId: 'b2',
  ownerId: 'o2',
  harbour: ' puerto colón',
  type: 'shared',
  startsAt: at(5),
  endsAt: at(7),
  seatPriceCents: 1000,
  priceRules: [],
  isOpen: true,
  canceled: false,
  seatsLeft: 4,
  boatCapacity: 12,
  ...over,
});

describe('comparableTrip', () => {
  const why = (over: Partial<OtherBoatTrip>, days = 0, from = canceled) =>
    comparableTrip(party, from, trip(over), NOW, days);

  it('offers a shared trip of another owner from the same harbour, the same day, with room', () => {
    expect(why({})).toEqual({ ok: true });
  });

  it('refuses the same owner’s boats, another harbour and another kind', () => {
    expect(why({ ownerId: 'o1', boatId: 'b3' })).toEqual({ ok: false, reason: 'same_owner' });
    expect(why({ harbour: 'Los Cristianos' })).toEqual({ ok: false, reason: 'other_harbour' });
    expect(why({ type: 'private' })).toEqual({ ok: false, reason: 'other_kind' });
  });

  it('counts days on the Canary calendar, as many after the canceled trip’s as the operator sets', () => {
    // 23:30 Canary time on the canceled trip's day is still that day (22:30 UTC).
    expect(why({ startsAt: new Date('2027-07-01T22:30:00Z') })).toEqual({ ok: true });
    // 00:30 the next morning is another day, offered only when the setting allows one day more.
    const nextDay = { startsAt: new Date('2027-07-01T23:30:00Z'), endsAt: new Date('2027-07-02T01:30:00Z') };
    expect(why(nextDay)).toEqual({ ok: false, reason: 'other_day' });
    expect(why(nextDay, 1)).toEqual({ ok: true });
    expect(why({ startsAt: at(-48) }, 3)).toEqual({ ok: false, reason: 'other_day' });
  });

  it('needs room for the whole party, an open trip not yet left', () => {
    expect(why({ seatsLeft: 3 })).toEqual({ ok: false, reason: 'no_room' });
    expect(why({ isOpen: false })).toEqual({ ok: false, reason: 'closed' });
    expect(why({ canceled: true })).toEqual({ ok: false, reason: 'closed' });
    expect(why({ startsAt: NOW })).toEqual({ ok: false, reason: 'too_soon' });
  });

  it('takes a charter for a charter of the same length on a boat of similar size', () => {
    const charter = { ...canceled, type: 'private' as const };
    const other = (over: Partial<OtherBoatTrip>) =>
      why({ type: 'private', startsAt: at(4), endsAt: at(6), ...over }, 0, charter);
    expect(other({ boatCapacity: 8 })).toEqual({ ok: true });
    expect(other({ boatCapacity: 15 })).toEqual({ ok: true });
    expect(other({ boatCapacity: 16 })).toEqual({ ok: false, reason: 'not_comparable' });
    expect(other({ boatCapacity: 7 })).toEqual({ ok: false, reason: 'not_comparable' });
    expect(other({ endsAt: at(8) })).toEqual({ ok: false, reason: 'not_comparable' });
    // A charter's room is its boat: the party of four needs four places aboard.
    expect(
      comparableTrip(
        { adults: 9, children50: 0, kidsFree: 0 },
        charter,
        trip({ type: 'private', startsAt: at(4), endsAt: at(6), boatCapacity: 8 }),
        NOW,
        0,
      ),
    ).toEqual({ ok: false, reason: 'no_room' });
  });
});

describe('crossOwnerMoveVerdict', () => {
  // The party's 2.5 paid units × €10 a seat-hour × 2 h = €50 on the other owner's trip.
  it('refunds the difference of a cheaper trip and costs the platform nothing', () => {
    expect(crossOwnerMoveVerdict(party, 6000, canceled, trip(), NOW, 0)).toMatchObject({
      ok: true,
      price: { amountCents: 5000 },
      refundCents: 1000,
      coverCents: 0,
    });
  });

  it('moves for what was paid when the trip costs the same', () => {
    expect(crossOwnerMoveVerdict(party, 5000, canceled, trip(), NOW, 0)).toMatchObject({
      ok: true,
      refundCents: 0,
      coverCents: 0,
    });
  });

  it('has the platform cover a dearer trip’s difference, up to half of what was paid', () => {
    expect(crossOwnerMoveVerdict(party, 4000, canceled, trip(), NOW, 0)).toMatchObject({
      ok: true,
      price: { amountCents: 5000 },
      refundCents: 0,
      coverCents: 1000,
    });
    // €50 for a booking holding €33.33: the platform would add more than half of it.
    expect(crossOwnerMoveVerdict(party, 3333, canceled, trip(), NOW, 0)).toEqual({
      ok: false,
      reason: 'too_dear',
    });
  });

  it('refuses what comparableTrip refuses', () => {
    expect(crossOwnerMoveVerdict(party, 6000, canceled, trip({ ownerId: 'o1' }), NOW, 0)).toEqual({
      ok: false,
      reason: 'same_owner',
    });
  });
});

describe('crossOwnerCharterVerdict', () => {
  const charter: CanceledTripFacts = { ...canceled, type: 'private', boatCapacity: 8 };
  const start = (over: Partial<OtherBoatTrip> = {}) =>
    trip({ type: 'private', startsAt: at(4), endsAt: at(6), boatCapacity: 8, seatsLeft: 0, ...over });
  const price = (euros: number) =>
    ({ amountCents: euros * 100 }) as Parameters<typeof crossOwnerCharterVerdict>[4];
  const verdict = (over: Partial<OtherBoatTrip>, euros: number) =>
    crossOwnerCharterVerdict(party, 30_000, charter, start(over), price(euros), NOW, 0);

  it('offers another owner’s charter of the same length on a boat of similar size, the difference refunded or covered', () => {
    expect(verdict({}, 250)).toMatchObject({ ok: true, refundCents: 5_000, coverCents: 0 });
    expect(verdict({}, 300)).toMatchObject({ ok: true, refundCents: 0, coverCents: 0 });
    expect(verdict({ boatCapacity: 12 }, 400)).toMatchObject({
      ok: true,
      refundCents: 0,
      coverCents: 10_000,
    });
  });

  it('refuses another length, a boat too small or too big, and a charter far dearer', () => {
    expect(verdict({ endsAt: at(7) }, 300)).toEqual({ ok: false, reason: 'not_comparable' });
    expect(verdict({ boatCapacity: 5 }, 300)).toEqual({ ok: false, reason: 'not_comparable' });
    expect(verdict({ boatCapacity: 13 }, 300)).toEqual({ ok: false, reason: 'not_comparable' });
    expect(verdict({}, 451)).toEqual({ ok: false, reason: 'too_dear' });
    expect(verdict({ type: 'shared' }, 300)).toEqual({ ok: false, reason: 'other_kind' });
  });
});
