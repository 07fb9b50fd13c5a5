import { describe, expect, it } from 'vitest';
import {
  availabilityStatus,
  charterHoursOfOption,
  charterLengths,
  charterOptionId,
  passengersOfUnits,
  resellerNetCents,
  resellerSaleBps,
  type CommissionBearer,
} from './octo';
import { splitAtBps } from './fee-split';

/**
 * A reseller's sale as the server books and the ledger splits it: the net it owes
 * (resellerNetCents, octo-bookings.ts) kept at resellerSaleBps, split once by splitAtBps.
 */
function resellerSaleSplit(
  retailCents: number,
  rates: { platformBps: number; resellerBps: number; bearer: CommissionBearer },
): { netCents: number; feeCents: number; ownerCents: number } {
  const netCents = resellerNetCents(retailCents, rates.resellerBps);
  return {
    netCents,
    ...splitAtBps(netCents, resellerSaleBps(rates.platformBps, rates.resellerBps, rates.bearer)),
  };
}

describe('the OCTO mapping rules', () => {
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

  it('splits a reseller’s sale as the boat’s bearer says: the worked example of docs/channels.md', () => {
    // €100 retail, the reseller keeps 20 %, the platform's fee is 15 %: the reseller owes €80.
    const rates = { platformBps: 1500, resellerBps: 2000 } as const;
    expect(resellerSaleSplit(10_000, { ...rates, bearer: 'proportional' })).toEqual({
      netCents: 8000,
      feeCents: 1200,
      ownerCents: 6800,
    });
    // The owner bears it: the platform keeps its €15 of the retail price, the owner €65.
    expect(resellerSaleSplit(10_000, { ...rates, bearer: 'owner' })).toEqual({
      netCents: 8000,
      feeCents: 1500,
      ownerCents: 6500,
    });
    expect(resellerSaleBps(1500, 2000, 'owner')).toBe(1875);
    // The platform bears it: its €15 fee covers €15 of the €20 commission; nothing is left to it,
    // and the owner bears the €5 beyond (€80, not the €85 of a sale on the site).
    expect(resellerSaleSplit(10_000, { ...rates, bearer: 'platform' })).toEqual({
      netCents: 8000,
      feeCents: 0,
      ownerCents: 8000,
    });
    // A 10 % commission under a 15 % fee: the owner gets the site's €85, the platform €5.
    expect(resellerSaleSplit(10_000, { platformBps: 1500, resellerBps: 1000, bearer: 'platform' })).toEqual({
      netCents: 9000,
      feeCents: 500,
      ownerCents: 8500,
    });
  });

  it('keeps fee + owner = net, and each party within a cent per €200 of what its bearer promises', () => {
    for (const retail of [1, 999, 3333, 10_000, 45_678, 250_000]) {
      for (const resellerBps of [0, 750, 2000, 2250, 5000]) {
        for (const platformBps of [0, 1000, 1500, 1725, 3000]) {
          const net = resellerNetCents(retail, resellerBps);
          const slack = 1 + net / 20_000;
          const owner = resellerSaleSplit(retail, { platformBps, resellerBps, bearer: 'owner' });
          expect(owner.feeCents + owner.ownerCents).toBe(net);
          expect(Math.abs(owner.feeCents - (retail * platformBps) / 10_000)).toBeLessThanOrEqual(slack);
          const platform = resellerSaleSplit(retail, { platformBps, resellerBps, bearer: 'platform' });
          expect(platform.feeCents).toBeGreaterThanOrEqual(0);
          const promised = Math.min(net, (retail * (10_000 - platformBps)) / 10_000);
          expect(Math.abs(platform.ownerCents - promised)).toBeLessThanOrEqual(slack);
        }
      }
    }
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
