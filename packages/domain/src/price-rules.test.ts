import { describe, expect, it } from 'vitest';
import { canaryInstant } from './canary-time';
import { lowestRates, seasonalRates, seatPriceAt, weekdayOf, type PriceRule } from './price-rules';
import { bookingPrice, type CharterRates } from './pricing';

const charter: CharterRates = {
  perHourCents: 20_000,
  halfDayCents: 70_000,
  halfDayHours: 4,
  fullDayCents: 120_000,
  fullDayHours: 8,
};
const base = { charter, seatPerHourCents: 2_000 };

// The worked example of docs/payments.md#pricing.
const highSeason: PriceRule = {
  id: 'season',
  kind: 'dates',
  from: '2027-07-01',
  to: '2027-08-31',
  change: { type: 'percent', percent: 25 },
};
const weekend: PriceRule = {
  id: 'weekend',
  kind: 'weekdays',
  days: [6, 7],
  change: { type: 'percent', percent: 10 },
};
const sunset: PriceRule = {
  id: 'sunset',
  kind: 'times',
  from: '18:00',
  to: '21:00',
  change: { type: 'percent', percent: 15 },
};
const rules = [sunset, weekend, highSeason];

describe('seasonalRates', () => {
  it('applies the date range, then the weekday, then the start time (the worked example)', () => {
    // Saturday 14 August 2027, 18:30: €20 → +25 % €25 → +10 % €27.50 → +15 % €31.625 → €31.63.
    const at = canaryInstant('2027-08-14', '18:30');
    const r = seasonalRates(base, rules, at);
    expect(r.seatPerHourCents).toBe(3_163);
    expect(r.applied.map((x) => x.id)).toEqual(['season', 'weekend', 'sunset']);
    // 2 adults and a child 6–12 on the 3-hour trip: 2.5 × €31.63 × 3 = €237.225 → €237.23.
    const price = bookingPrice({
      mode: 'shared',
      seatPricePerHourCents: r.seatPerHourCents,
      passengers: { adults: 2, children50: 1, kidsFree: 0 },
      hours: 3,
    });
    expect(price.amountCents).toBe(23_723);
  });

  it('adjusts every charter price, and a charter is charged the lowest covering price as before', () => {
    const r = seasonalRates(base, rules, canaryInstant('2027-08-14', '10:00'));
    expect(r.charter).toMatchObject({ perHourCents: 27_500, halfDayCents: 96_250, fullDayCents: 165_000 });
    expect(bookingPrice({ mode: 'private', rates: r.charter, hours: 4 }).amountCents).toBe(96_250);
  });

  it('leaves a trip no rule matches at the published prices', () => {
    // Wednesday 11 August 2027 at 10:00: high season only.
    expect(seasonalRates(base, rules, canaryInstant('2027-08-11', '10:00')).seatPerHourCents).toBe(2_500);
    // Wednesday 15 September: nothing.
    const r = seasonalRates(base, rules, canaryInstant('2027-09-15', '10:00'));
    expect(r).toEqual({ ...base, applied: [] });
  });

  it('reads the day, weekday and time on the Canary clock', () => {
    // 23:30 UTC on Friday 13 August is 00:30 on Saturday the 14th in Tenerife (summer time).
    expect(weekdayOf('2027-08-14')).toBe(6);
    const r = seasonalRates(base, [weekend], new Date('2027-08-13T23:30:00Z'));
    expect(r.applied.map((x) => x.id)).toEqual(['weekend']);
    // 17:30 UTC is 18:30 in summer but 17:30 in winter.
    expect(seatPriceAt(2_000, [sunset], new Date('2027-08-11T17:30:00Z'))).toBe(2_300);
    expect(seatPriceAt(2_000, [sunset], new Date('2027-12-15T17:30:00Z'))).toBe(2_000);
  });

  it('includes both ends of a date range and excludes the end of a time range', () => {
    expect(seatPriceAt(2_000, [highSeason], canaryInstant('2027-07-01', '00:00'))).toBe(2_500);
    expect(seatPriceAt(2_000, [highSeason], canaryInstant('2027-08-31', '23:00'))).toBe(2_500);
    expect(seatPriceAt(2_000, [highSeason], canaryInstant('2027-09-01', '00:00'))).toBe(2_000);
    expect(seatPriceAt(2_000, [sunset], canaryInstant('2027-05-05', '18:00'))).toBe(2_300);
    expect(seatPriceAt(2_000, [sunset], canaryInstant('2027-05-05', '21:00'))).toBe(2_000);
  });

  it('applies only the first matching rule of a kind, in the boat’s order', () => {
    const august: PriceRule = {
      ...highSeason,
      id: 'august',
      from: '2027-08-01',
      change: { type: 'percent', percent: 50 },
    };
    const at = canaryInstant('2027-08-11', '10:00');
    expect(seasonalRates(base, [august, highSeason], at).applied.map((x) => x.id)).toEqual(['august']);
    expect(seasonalRates(base, [highSeason, august], at).applied.map((x) => x.id)).toEqual(['season']);
  });

  it('a fixed price replaces the prices it names, and later percentages apply on top', () => {
    const christmas: PriceRule = {
      id: 'christmas',
      kind: 'dates',
      from: '2027-12-24',
      to: '2027-12-26',
      change: {
        type: 'fixed',
        perHourCents: 30_000,
        halfDayCents: null,
        fullDayCents: null,
        seatPerHourCents: 3_500,
      },
    };
    // Saturday 25 December 2027: fixed €300/h and €35 a seat-hour, then +10 % for the weekend.
    const r = seasonalRates(base, [christmas, weekend], canaryInstant('2027-12-25', '11:00'));
    expect(r.charter).toMatchObject({ perHourCents: 33_000, halfDayCents: 77_000, fullDayCents: 132_000 });
    expect(r.seatPerHourCents).toBe(3_850);
  });

  it('never offers a package the boat does not sell', () => {
    const noPackages = { ...charter, halfDayCents: null, fullDayCents: null };
    const fixed: PriceRule = {
      ...weekend,
      change: {
        type: 'fixed',
        perHourCents: null,
        halfDayCents: 50_000,
        fullDayCents: 90_000,
        seatPerHourCents: null,
      },
    };
    const r = seasonalRates(
      { charter: noPackages, seatPerHourCents: 0 },
      [fixed],
      canaryInstant('2027-08-14', '10:00'),
    );
    expect(r.charter).toEqual(noPackages);
  });

  it('rounds a percentage half up to the cent, and a discount never goes below zero', () => {
    const minus: PriceRule = { ...weekend, change: { type: 'percent', percent: -90 } };
    expect(seatPriceAt(1_005, [minus], canaryInstant('2027-08-14', '10:00'))).toBe(101); // 100.5 → 101
  });
});

describe('lowestRates', () => {
  it('finds the cheapest hour and seat among the open trips ahead, rules applied', () => {
    const starts = [
      { startsAt: canaryInstant('2027-08-14', '10:00'), type: 'private' as const, seatPriceCents: 0 },
      { startsAt: canaryInstant('2027-08-11', '10:00'), type: 'private' as const, seatPriceCents: 0 },
      { startsAt: canaryInstant('2027-08-14', '18:30'), type: 'shared' as const, seatPriceCents: 2_000 },
      { startsAt: canaryInstant('2027-08-12', '18:30'), type: 'shared' as const, seatPriceCents: 2_000 },
    ];
    const lowest = lowestRates(charter, rules, starts);
    // Wednesday in high season: €250/h; Thursday's sunset: €20 × 1.25 × 1.15 = €28.75.
    expect(lowest.charter?.perHourCents).toBe(25_000);
    expect(lowest.seatPerHourCents).toBe(2_875);
    expect(lowestRates(charter, rules, [])).toEqual({});
  });
});
