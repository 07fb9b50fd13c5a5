import { describe, expect, it } from 'vitest';
import {
  bookingPrice,
  breakdownMatches,
  charterPrice,
  charterPriceCents,
  charterRatesOf,
  priceBreakdown,
  priceLine,
  sharedFaresCents,
  sharedPriceCents,
  ticketPricesCents,
} from './pricing';
import type { CharterRates } from './pricing';

describe('charterPriceCents', () => {
  it('is hours × per-hour price', () => {
    expect(charterPriceCents(10000, 3)).toBe(30000);
    expect(charterPriceCents(12345, 2)).toBe(24690);
    expect(charterPriceCents(12345, 0)).toBe(0);
  });

  it('refuses partial hours and fractional cents', () => {
    expect(() => charterPriceCents(10000, 1.5)).toThrow(RangeError);
    expect(() => charterPriceCents(100.5, 2)).toThrow(RangeError);
    expect(() => charterPriceCents(-1, 2)).toThrow(RangeError);
  });
});

describe('sharedPriceCents', () => {
  it('charges adults full and children 6–12 half; under-6s ride free', () => {
    expect(sharedPriceCents(5000, { adults: 2, children50: 1, kidsFree: 2 }, 2)).toBe(25000);
    expect(sharedPriceCents(5000, { adults: 0, children50: 0, kidsFree: 0 }, 2)).toBe(0);
  });

  it('rounds a half cent up, once', () => {
    // 1 child × 19.99 € × 1 h = 9.995 €
    expect(sharedPriceCents(1999, { adults: 0, children50: 1, kidsFree: 0 }, 1)).toBe(1000);
    // 3 children × 19.99 € × 1 h = 29.985 € → 29.99 €, not 3 × 10.00 €
    expect(sharedPriceCents(1999, { adults: 0, children50: 3, kidsFree: 0 }, 1)).toBe(2999);
    expect(sharedPriceCents(1999, { adults: 1, children50: 1, kidsFree: 0 }, 1)).toBe(2999);
  });

  it('handles slots that are not whole hours', () => {
    expect(sharedPriceCents(5000, { adults: 1, children50: 0, kidsFree: 0 }, 1.5)).toBe(7500);
    expect(sharedPriceCents(1001, { adults: 0, children50: 1, kidsFree: 0 }, 1.5)).toBe(751); // 750.75
  });
});

describe('ticketPricesCents', () => {
  const sum = (t: { cents: number }[]) => t.reduce((s, x) => s + x.cents, 0);

  it('puts the rounding cent on the first adult', () => {
    const p = { adults: 2, children50: 1, kidsFree: 1 };
    const tickets = ticketPricesCents(1999, p, 1);
    expect(tickets).toEqual([
      { type: 'adult', cents: 2000 },
      { type: 'adult', cents: 1999 },
      { type: 'child_u13', cents: 999 },
      { type: 'child_u6_free', cents: 0 },
    ]);
    expect(sum(tickets)).toBe(sharedPriceCents(1999, p, 1));
  });

  it('spreads several leftover cents one per paid seat, adults first', () => {
    const p = { adults: 0, children50: 3, kidsFree: 0 };
    const tickets = ticketPricesCents(1999, p, 1);
    expect(tickets.map((t) => t.cents)).toEqual([1000, 1000, 999]);
    expect(sum(tickets)).toBe(2999);
  });

  it('always sums to the shared price', () => {
    for (const seat of [0, 1, 999, 1999, 4999, 5000, 3333]) {
      for (const hours of [1, 1.5, 2, 2.25, 8]) {
        for (const [adults, children50, kidsFree] of [
          [1, 0, 0],
          [1, 1, 1],
          [3, 5, 2],
          [0, 7, 0],
          [10, 9, 10],
        ] as const) {
          const p = { adults, children50, kidsFree };
          const tickets = ticketPricesCents(seat, p, hours);
          expect(tickets).toHaveLength(adults + children50 + kidsFree);
          expect(sum(tickets)).toBe(sharedPriceCents(seat, p, hours));
        }
      }
    }
  });
});

const hourlyOnly = (perHourCents: number): CharterRates => ({
  perHourCents,
  halfDayCents: null,
  halfDayHours: 4,
  fullDayCents: null,
  fullDayHours: 8,
});

describe('charterPrice: the lowest published price covering the hours', () => {
  // The boat of the report: €180 an hour, €640 a half day (4 h), €1,200 a full day (8 h).
  const rates: CharterRates = {
    perHourCents: 18000,
    halfDayCents: 64000,
    halfDayHours: 4,
    fullDayCents: 120000,
    fullDayHours: 8,
  };
  const at = (hours: number, r: CharterRates = rates) => charterPrice(r, hours);

  it('charges the half-day price for the half-day length, not 4 × the hourly price', () => {
    expect(at(4)).toEqual({ amountCents: 64000, rate: 'halfDay' });
    expect(charterPriceCents(18000, 4)).toBe(72000); // the old way, which the server now refuses
  });

  it('charges the full-day price for the full-day length, not 8 × the hourly price', () => {
    expect(at(8)).toEqual({ amountCents: 120000, rate: 'fullDay' });
  });

  it('takes whichever covering price is lowest, hour by hour', () => {
    expect(at(1)).toEqual({ amountCents: 18000, rate: 'hourly' });
    expect(at(3)).toEqual({ amountCents: 54000, rate: 'hourly' }); // < 640
    expect(at(5)).toEqual({ amountCents: 90000, rate: 'hourly' }); // the half day no longer covers
    expect(at(6)).toEqual({ amountCents: 108000, rate: 'hourly' });
    expect(at(7)).toEqual({ amountCents: 120000, rate: 'fullDay' }); // 1,260 > 1,200
    expect(at(9)).toEqual({ amountCents: 162000, rate: 'hourly' }); // beyond the full day
  });

  it('keeps the hourly price on a tie, and skips a price that is not offered', () => {
    expect(at(4, { ...rates, halfDayCents: 72000 })).toEqual({ amountCents: 72000, rate: 'hourly' });
    expect(at(4, { ...rates, halfDayCents: null })).toEqual({ amountCents: 72000, rate: 'hourly' });
    expect(at(8, hourlyOnly(18000))).toEqual({ amountCents: 144000, rate: 'hourly' });
  });

  it("follows the boat's own lengths", () => {
    const longer = { ...rates, halfDayHours: 5, fullDayHours: 10 };
    expect(at(5, longer)).toEqual({ amountCents: 64000, rate: 'halfDay' });
    expect(at(10, longer)).toEqual({ amountCents: 120000, rate: 'fullDay' });
  });

  it("reads the rates of a boat's wire pricing (euros, null = not offered)", () => {
    expect(
      charterRatesOf({ perHour: 180, halfDay: 640, perDay: null, halfDayHours: 4, fullDayHours: 8 }),
    ).toEqual({ ...rates, fullDayCents: null });
  });
});

describe('priceBreakdown', () => {
  it('describes a charter with paidUnits 1 and the rate that applied', () => {
    expect(priceBreakdown({ mode: 'private', rates: hourlyOnly(10000), hours: 3 })).toEqual({
      unitPerHour: 100,
      paidUnits: 1,
      hours: 3,
      total: 300,
      rate: 'hourly',
    });
    const halfDay = { ...hourlyOnly(18000), halfDayCents: 64000 };
    expect(priceBreakdown({ mode: 'private', rates: halfDay, hours: 4 })).toEqual({
      unitPerHour: 180,
      paidUnits: 1,
      hours: 4,
      total: 640,
      rate: 'halfDay',
    });
  });

  it('refuses a charter total computed the old way (hours × hourly price) under a day rate', () => {
    const halfDay = { ...hourlyOnly(18000), halfDayCents: 64000 };
    const server = priceBreakdown({ mode: 'private', rates: halfDay, hours: 4 });
    expect(breakdownMatches({ unitPerHour: 180, paidUnits: 1, hours: 4, total: 720 }, server)).toBe(false);
    expect(breakdownMatches({ unitPerHour: 180, paidUnits: 1, hours: 4, total: 640 }, server)).toBe(true);
    expect(breakdownMatches({ ...server, rate: 'hourly' }, server)).toBe(false);
  });

  it('describes a shared trip; total is the charged, rounded amount', () => {
    const result = bookingPrice({
      mode: 'shared',
      seatPricePerHourCents: 1999,
      passengers: { adults: 0, children50: 1, kidsFree: 1 },
      hours: 1,
    });
    expect(result).toEqual({
      amountCents: 1000,
      breakdown: { unitPerHour: 19.99, paidUnits: 0.5, hours: 1, total: 10 },
    });
  });

  it('compares breakdowns in cents', () => {
    const server = priceBreakdown({ mode: 'private', rates: hourlyOnly(12345), hours: 2 });
    expect(breakdownMatches({ unitPerHour: 123.45, paidUnits: 1, hours: 2, total: 246.9 }, server)).toBe(
      true,
    );
    expect(breakdownMatches({ ...server, total: 246.89 }, server)).toBe(false);
    expect(breakdownMatches({ ...server, hours: 3 }, server)).toBe(false);
  });
});

describe('sharedFaresCents: the price per person', () => {
  it('is the seat price × hours for an adult, half for a child 6–12', () => {
    expect(sharedFaresCents(2500, 2)).toEqual({ adultCents: 5000, childCents: 2500 });
    expect(sharedFaresCents(2000, 3)).toEqual({ adultCents: 6000, childCents: 3000 });
    expect(sharedFaresCents(1999, 1)).toEqual({ adultCents: 1999, childCents: 1000 });
  });

  it('adds up to the price charged for whole-cent fares', () => {
    const p = { adults: 2, children50: 1, kidsFree: 1 };
    const { adultCents, childCents } = sharedFaresCents(2500, 2);
    expect(2 * adultCents + childCents).toBe(sharedPriceCents(2500, p, 2));
  });
});

describe('priceLine: the trip price as the review and the e-mail say it', () => {
  const rates: CharterRates = {
    perHourCents: 18_000,
    halfDayCents: 60_000,
    halfDayHours: 4,
    fullDayCents: null,
    fullDayHours: 8,
  };
  const party = { adults: 2, children50: 1, kidsFree: 1 };

  it('a charter by the hour: 3 h × €180', () => {
    const { breakdown } = bookingPrice({ mode: 'private', rates, hours: 3 });
    expect(priceLine('private', breakdown, party)).toEqual({ kind: 'hourly', hours: 3, unitCents: 18_000 });
  });

  it('a charter at its half-day price names that price, not an hourly rate', () => {
    const { breakdown } = bookingPrice({ mode: 'private', rates, hours: 4 });
    expect(priceLine('private', breakdown, party)).toEqual({ kind: 'halfDay', hours: 4 });
  });

  it('a shared trip per person, leaving out the kinds the party has none of', () => {
    const shared = (passengers: typeof party) =>
      priceLine(
        'shared',
        bookingPrice({ mode: 'shared', seatPricePerHourCents: 2_500, passengers, hours: 2 }).breakdown,
        passengers,
      );
    expect(shared(party)).toEqual({
      kind: 'fares',
      parts: [
        { who: 'adults', count: 2, cents: 5_000 },
        { who: 'children', count: 1, cents: 2_500 },
        { who: 'kidsFree', count: 1, cents: 0 },
      ],
    });
    expect(shared({ adults: 3, children50: 0, kidsFree: 0 })).toEqual({
      kind: 'fares',
      parts: [{ who: 'adults', count: 3, cents: 5_000 }],
    });
  });
});
