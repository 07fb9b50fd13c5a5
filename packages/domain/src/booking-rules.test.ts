import { describe, expect, it } from 'vitest';
import { continueBlockers, tripMinimumVerdict } from './booking-rules';
import type { ContinueInput } from './booking-rules';

const now = new Date('2027-06-10T09:00:00Z'); // 10:00 in the islands
const future = '2027-06-10T10:00:00Z';

const charter: ContinueInput = {
  mode: 'private',
  date: '2027-06-10',
  slot: { start: future, isOpen: true },
  durationHours: 2,
  durationRange: { min: 2, max: 4 },
  passengers: { adults: 2, children50: 0, kidsFree: 0 },
  capacity: 6,
};

const shared: ContinueInput = {
  mode: 'shared',
  date: '2027-06-10',
  slot: { start: future, isOpen: true, seatsLeft: 4, seatPrice: 50 },
  passengers: { adults: 2, children50: 1, kidsFree: 1 },
  minimum: { seats: 3, paidSeatsSold: 0, cutoffAt: null },
};
const noMinimum = { seats: 0, paidSeatsSold: 0, cutoffAt: null };

describe('continueBlockers: charter', () => {
  it('allows a complete, future selection', () => {
    expect(continueBlockers(charter, now)).toEqual([]);
  });

  it('lists everything missing', () => {
    expect(continueBlockers({ mode: 'private' }, now)).toEqual(['noDate', 'noSlot', 'noDuration', 'noAdult']);
  });

  it('needs an adult on board and a party within the capacity, children and under-6s counted', () => {
    const party = (adults: number, children50: number, kidsFree: number) =>
      continueBlockers({ ...charter, passengers: { adults, children50, kidsFree } }, now);
    expect(party(0, 2, 0)).toEqual(['noAdult']);
    expect(party(2, 2, 2)).toEqual([]);
    expect(party(2, 3, 2)).toEqual(['aboveCapacity']);
    expect(party(1, 0, 2)).toEqual(['tooManyFreeKids']);
  });

  it('refuses a slot starting exactly now, allows one a millisecond later', () => {
    expect(continueBlockers({ ...charter, slot: { start: now } }, now)).toEqual(['slotStarted']);
    expect(continueBlockers({ ...charter, slot: { start: new Date(now.getTime() + 1) } }, now)).toEqual([]);
  });

  it('treats a closed slot as no slot', () => {
    expect(continueBlockers({ ...charter, slot: { start: future, isOpen: false } }, now)).toEqual(['noSlot']);
  });

  it('checks the duration against the range, both ends inclusive', () => {
    expect(continueBlockers({ ...charter, durationHours: 4 }, now)).toEqual([]);
    expect(continueBlockers({ ...charter, durationHours: 5 }, now)).toEqual(['durationOutOfRange']);
    expect(continueBlockers({ ...charter, durationHours: 1 }, now)).toEqual(['durationOutOfRange']);
    expect(continueBlockers({ ...charter, durationHours: 2.5 }, now)).toEqual(['durationOutOfRange']);
    expect(continueBlockers({ ...charter, durationRange: null }, now)).toEqual(['durationOutOfRange']);
    expect(continueBlockers({ ...charter, durationHours: 0 }, now)).toEqual(['noDuration']);
  });

  it('compares with the instant, not the Canary clock face, across the October change', () => {
    const autumnNow = new Date('2027-10-31T01:10:00Z'); // second 01:10 (winter)
    const firstOneThirty = { ...charter, slot: { start: '2027-10-31T00:30:00Z' } }; // first 01:30 (summer)
    expect(continueBlockers(firstOneThirty, autumnNow)).toEqual(['slotStarted']);
    const secondOneThirty = { ...charter, slot: { start: '2027-10-31T01:30:00Z' } };
    expect(continueBlockers(secondOneThirty, autumnNow)).toEqual([]);
  });
});

describe('continueBlockers: shared', () => {
  it('allows a complete selection within the seats left', () => {
    expect(continueBlockers(shared, now)).toEqual([]);
  });

  it('needs at least one seat', () => {
    expect(
      continueBlockers({ ...shared, passengers: { adults: 0, children50: 0, kidsFree: 0 } }, now),
    ).toEqual(['noSeats']);
    expect(continueBlockers({ ...shared, passengers: null }, now)).toEqual(['noSeats']);
  });

  it('allows exactly the seats left and refuses one more', () => {
    expect(
      continueBlockers({ ...shared, passengers: { adults: 2, children50: 1, kidsFree: 1 } }, now),
    ).toEqual([]);
    expect(
      continueBlockers({ ...shared, passengers: { adults: 3, children50: 1, kidsFree: 1 } }, now),
    ).toEqual(['tooManySeats']);
    expect(continueBlockers({ ...shared, slot: { start: future } }, now)).toEqual(['tooManySeats']);
  });

  it('without a cutoff, needs the trip to reach its minimum in paid seats (free kids excluded)', () => {
    expect(
      continueBlockers({ ...shared, passengers: { adults: 1, children50: 2, kidsFree: 0 } }, now),
    ).toEqual([]);
    expect(
      continueBlockers({ ...shared, passengers: { adults: 2, children50: 0, kidsFree: 2 } }, now),
    ).toEqual(['belowMinToDepart']);
    expect(
      continueBlockers(
        { ...shared, minimum: noMinimum, passengers: { adults: 1, children50: 0, kidsFree: 0 } },
        now,
      ),
    ).toEqual([]);
  });

  it('refuses more free kids than adults', () => {
    expect(
      continueBlockers(
        { ...shared, minimum: noMinimum, passengers: { adults: 1, children50: 0, kidsFree: 2 } },
        now,
      ),
    ).toEqual(['tooManyFreeKids']);
  });

  it('does not ask for a duration', () => {
    expect(continueBlockers({ ...shared, durationHours: null }, now)).toEqual([]);
  });
});

describe('the minimum to depart is about the trip', () => {
  // A boat whose shared trips need 4 paid seats; departure at 18:00, cutoff 12 h before.
  const departure = '2027-06-10T17:00:00Z';
  const cutoffAt = '2027-06-10T05:00:00Z';
  const morning = new Date('2027-06-10T04:00:00Z'); // before the cutoff
  const afternoon = new Date('2027-06-10T12:00:00Z'); // after it
  const couple = { adults: 2, children50: 0, kidsFree: 0 };
  const trip = (paidSeatsSold: number, cut: string | null) => ({ seats: 4, paidSeatsSold, cutoffAt: cut });
  const blockers = (minimum: ReturnType<typeof trip>, passengers: typeof couple, at: Date) =>
    continueBlockers(
      {
        ...shared,
        slot: { start: departure, isOpen: true, seatsLeft: 10 },
        passengers,
        minimum,
      },
      at,
    );

  it('a couple joins a trip that has already sold 5 seats, with or without a cutoff', () => {
    expect(blockers(trip(5, cutoffAt), couple, morning)).toEqual([]);
    expect(blockers(trip(5, null), couple, morning)).toEqual([]);
    expect(tripMinimumVerdict(trip(5, null), 2, morning)).toEqual({ kind: 'none' });
  });

  it('counts the seats sold plus this booking: 2 sold + 2 booked reach 4', () => {
    expect(tripMinimumVerdict(trip(2, null), 2, morning)).toEqual({ kind: 'none' });
    expect(tripMinimumVerdict(trip(2, null), 1, morning)).toEqual({ kind: 'blocked', seats: 4, missing: 1 });
  });

  it('children 6–12 count as paid seats, under-6s do not', () => {
    expect(blockers(trip(1, null), { adults: 1, children50: 2, kidsFree: 0 }, morning)).toEqual([]);
    expect(blockers(trip(1, null), { adults: 2, children50: 0, kidsFree: 2 }, morning)).toEqual([
      'belowMinToDepart',
    ]);
  });

  it('below the minimum with a cutoff ahead: the couple may book, told when the trip is decided', () => {
    expect(blockers(trip(0, cutoffAt), couple, morning)).toEqual([]);
    expect(tripMinimumVerdict(trip(0, cutoffAt), 2, morning)).toEqual({
      kind: 'untilCutoff',
      seats: 4,
      cutoffAt: new Date(cutoffAt),
    });
  });

  it('below the minimum on a boat without a cutoff: refused (nothing would cancel the trip)', () => {
    expect(blockers(trip(0, null), couple, morning)).toEqual(['belowMinToDepart']);
  });

  it('once the cutoff has come, a booking must bring the trip to its minimum itself', () => {
    expect(blockers(trip(0, cutoffAt), couple, new Date(cutoffAt))).toEqual(['belowMinToDepart']);
    expect(blockers(trip(0, cutoffAt), couple, afternoon)).toEqual(['belowMinToDepart']);
    expect(blockers(trip(2, cutoffAt), couple, afternoon)).toEqual([]);
    // a millisecond before it, still allowed
    expect(blockers(trip(0, cutoffAt), couple, new Date(Date.parse(cutoffAt) - 1))).toEqual([]);
  });

  it('a minimum of 0 (none, or waived for this trip) never blocks', () => {
    expect(tripMinimumVerdict({ seats: 0, paidSeatsSold: 0, cutoffAt: null }, 1, afternoon)).toEqual({
      kind: 'none',
    });
    expect(tripMinimumVerdict(null, 1, afternoon)).toEqual({ kind: 'none' });
  });
});
