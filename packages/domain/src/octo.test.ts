import { describe, expect, it } from 'vitest';
import {
  availabilityStatus,
  canaryLocalDateTime,
  charterHoursOfOption,
  charterLengths,
  charterOptionId,
  passengersOfUnits,
  resellerNetCents,
} from './octo';

describe('the OCTO mapping rules', () => {
  it('writes Canary wall-clock time with its offset, on both sides of the DST switch', () => {
    expect(canaryLocalDateTime(new Date('2027-02-13T11:00:00Z'))).toBe('2027-02-13T11:00:00+00:00');
    expect(canaryLocalDateTime(new Date('2027-07-10T10:00:00Z'))).toBe('2027-07-10T11:00:00+01:00');
    // The last Sunday of March 2027: 01:00 UTC becomes 02:00 local.
    expect(canaryLocalDateTime(new Date('2027-03-28T00:30:00Z'))).toBe('2027-03-28T00:30:00+00:00');
    expect(canaryLocalDateTime(new Date('2027-03-28T01:30:00Z'))).toBe('2027-03-28T02:30:00+01:00');
  });

  it('names a trip closed, sold out, limited under half its seats, else available', () => {
    expect(availabilityStatus({ open: false, seatsTotal: 10, seatsLeft: 10 })).toBe('CLOSED');
    expect(availabilityStatus({ open: true, seatsTotal: 10, seatsLeft: 0 })).toBe('SOLD_OUT');
    expect(availabilityStatus({ open: true, seatsTotal: 10, seatsLeft: 4 })).toBe('LIMITED');
    expect(availabilityStatus({ open: true, seatsTotal: 10, seatsLeft: 5 })).toBe('AVAILABLE');
  });

  it('nets the commission off once, to the cent', () => {
    expect(resellerNetCents(15000, 2000)).toBe(12000);
    // 22.5 % of €33.33 is 749.925 cents: 750 kept, 2583 owed.
    expect(resellerNetCents(3333, 2250)).toBe(2583);
    expect(resellerNetCents(0, 2000)).toBe(0);
  });

  it('counts each unit item as one passenger of its type', () => {
    expect(passengersOfUnits(['adult', 'child', 'infant', 'adult'])).toEqual({
      adults: 2,
      children50: 1,
      kidsFree: 1,
    });
  });

  it('names a charter option by its hours and reads them back; the lengths run from the boat’s minimum to its maximum', () => {
    expect(charterOptionId(3)).toBe('CHARTER_3H');
    expect(charterHoursOfOption('CHARTER_3H')).toBe(3);
    expect(
      ['DEFAULT', 'CHARTER_0H', 'CHARTER_H', 'charter_3h', 'CHARTER_3HX'].map(charterHoursOfOption),
    ).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(charterLengths({ minDurationHours: 2, maxDurationHours: 4 })).toEqual([2, 3, 4]);
    expect(charterLengths({ minDurationHours: 0, maxDurationHours: 1 })).toEqual([1]);
    expect(charterLengths({ minDurationHours: 5, maxDurationHours: 4 })).toEqual([]);
  });
});
