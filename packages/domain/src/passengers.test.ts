import { describe, expect, it } from 'vitest';
import {
  PASSENGER_TYPES,
  emptyPassengers,
  expandToTicketTypes,
  fromBookingPassengers,
  normalizePassengers,
  paidSeats,
  paidUnits,
  seatsUsed,
  setAdults,
  setChildren50,
  setKidsFree,
  toBookingPassengers,
} from './passengers';

describe('counts', () => {
  const p = { adults: 2, children50: 3, kidsFree: 1 };
  it('counts every seat, paid units and paid seats', () => {
    expect(seatsUsed(p)).toBe(6);
    expect(paidUnits(p)).toBe(3.5);
    expect(paidSeats(p)).toBe(5);
    expect(seatsUsed(emptyPassengers)).toBe(0);
  });

  it('maps to and from the booking wire names', () => {
    expect(toBookingPassengers(p)).toEqual({ adults: 2, child_u13: 3, child_u6: 1 });
    expect(fromBookingPassengers(toBookingPassengers(p))).toEqual(p);
  });
});

describe('setters', () => {
  it('never go below 0 and keep whole numbers', () => {
    expect(setAdults(emptyPassengers, -1).adults).toBe(0);
    expect(setChildren50(emptyPassengers, -3).children50).toBe(0);
    expect(setChildren50(emptyPassengers, 2.7).children50).toBe(2);
    expect(setAdults(emptyPassengers, NaN).adults).toBe(0);
  });

  it('allow free kids up to exactly the number of adults', () => {
    const two = setAdults(emptyPassengers, 2);
    expect(setKidsFree(two, 2).kidsFree).toBe(2);
    expect(setKidsFree(two, 3).kidsFree).toBe(2);
    expect(setKidsFree(emptyPassengers, 1).kidsFree).toBe(0);
  });

  it('clip free kids when adults are reduced', () => {
    const p = { adults: 3, children50: 1, kidsFree: 3 };
    expect(setAdults(p, 1)).toEqual({ adults: 1, children50: 1, kidsFree: 1 });
    expect(setAdults(p, 0)).toEqual({ adults: 0, children50: 1, kidsFree: 0 });
    expect(setAdults(p, 4)).toEqual({ adults: 4, children50: 1, kidsFree: 3 });
  });

  it('do not mutate', () => {
    const p = { adults: 1, children50: 0, kidsFree: 1 };
    setAdults(p, 0);
    expect(p).toEqual({ adults: 1, children50: 0, kidsFree: 1 });
    expect(Object.isFrozen(emptyPassengers)).toBe(true);
  });

  it('normalises untrusted counts', () => {
    expect(normalizePassengers({ adults: 1.9, children50: -2, kidsFree: 5 })).toEqual({
      adults: 1,
      children50: 0,
      kidsFree: 1,
    });
  });
});

describe('expandToTicketTypes', () => {
  it('lists one type per seat: adults, children, free kids', () => {
    expect(PASSENGER_TYPES).toEqual(['adult', 'child_u13', 'child_u6_paid', 'child_u6_free']);
    expect(expandToTicketTypes({ adults: 2, children50: 1, kidsFree: 1 })).toEqual([
      'adult',
      'adult',
      'child_u13',
      'child_u6_free',
    ]);
    expect(expandToTicketTypes(emptyPassengers)).toEqual([]);
  });
});
