import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingMoneyCents,
  bpsToPercent,
  DEFAULT_PLATFORM_FEE_PERCENT,
  commissionBps,
  percentToBps,
  shareAtBps,
  splitAtBps,
} from './fee-split';

const cents = fc.integer({ min: 0, max: 100_000_000 });
// Percents with up to 2 decimals, as the configuration allows.
const percent = fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100);

describe('shareAtBps', () => {
  it('is amount × bps / 10 000, rounded half away from zero once', () => {
    expect(shareAtBps(1050, 700)).toBe(74); // 73.5 → 74
    expect(shareAtBps(-1050, 700)).toBe(-74);
    expect(shareAtBps(1049, 700)).toBe(73);
    expect(shareAtBps(0, 700)).toBe(0);
    expect(shareAtBps(-1, 700)).toBe(0);
    expect(() => shareAtBps(100, 10_001)).toThrow(RangeError);
    expect(() => shareAtBps(1.5, 700)).toThrow(RangeError);
  });
});

describe('splitAtBps of a fee percent', () => {
  it('fee + owner is exactly the amount, for every amount and percent', () => {
    fc.assert(
      fc.property(cents, percent, (amount, p) => {
        const { feeCents, ownerCents } = splitAtBps(amount, percentToBps(p));
        expect(Number.isSafeInteger(feeCents) && Number.isSafeInteger(ownerCents)).toBe(true);
        expect(feeCents + ownerCents).toBe(amount);
        expect(feeCents).toBeGreaterThanOrEqual(0);
        expect(ownerCents).toBeGreaterThanOrEqual(0);
        // Rounded once: never more than half a cent from the exact fee.
        expect(Math.abs(feeCents - (amount * p) / 100)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it('rounds the half cent up', () => {
    expect(splitAtBps(10, percentToBps(15))).toEqual({ feeCents: 2, ownerCents: 8 });
    expect(() => splitAtBps(100, 10_001)).toThrow(RangeError);
  });
});

describe('a fee percent split', () => {
  const split = (grossCents: number, percent: number) => splitAtBps(grossCents, percentToBps(percent));

  it('defaults to 15% and always adds back up to the gross', () => {
    expect(DEFAULT_PLATFORM_FEE_PERCENT).toBe(15);
    expect(split(30000, DEFAULT_PLATFORM_FEE_PERCENT)).toEqual({ feeCents: 4500, ownerCents: 25500 });
  });

  it('rounds odd cents once, half up', () => {
    expect(split(1999, 15)).toEqual({ feeCents: 300, ownerCents: 1699 }); // 299.85
    expect(split(1, 15)).toEqual({ feeCents: 0, ownerCents: 1 });
    expect(split(1999, 12.5)).toEqual({ feeCents: 250, ownerCents: 1749 }); // 249.875
  });

  it('handles 0% and 100% and refuses outside', () => {
    expect(split(1234, 0)).toEqual({ feeCents: 0, ownerCents: 1234 });
    expect(split(1234, 100)).toEqual({ feeCents: 1234, ownerCents: 0 });
    expect(() => split(1234, 101)).toThrow(RangeError);
    expect(() => split(12.5, 15)).toThrow(RangeError);
  });
});

describe('bookingMoneyCents', () => {
  it('an unpaid booking shows its price and splits nothing', () => {
    expect(
      bookingMoneyCents({ priceCents: 17900, commissionBps: 1500, receivedCents: 0, refundedCents: 0 }),
    ).toEqual({
      priceCents: 17900,
      unpaid: true,
      receivedCents: 0,
      refundedCents: 0,
      netCents: 0,
      feeCents: 0,
      ownerCents: 0,
    });
  });

  it('a paid booking splits what was received exactly as its price was split', () => {
    expect(
      bookingMoneyCents({ priceCents: 15000, commissionBps: 1500, receivedCents: 15000, refundedCents: 0 }),
    ).toMatchObject({ unpaid: false, netCents: 15000, feeCents: 2250, ownerCents: 12750 });
  });

  it('a refunded booking keeps nothing; a partial refund shrinks both shares', () => {
    expect(
      bookingMoneyCents({
        priceCents: 24000,
        commissionBps: 1500,
        receivedCents: 24000,
        refundedCents: 24000,
      }),
    ).toMatchObject({ receivedCents: 24000, refundedCents: 24000, netCents: 0, feeCents: 0, ownerCents: 0 });
    expect(
      bookingMoneyCents({
        priceCents: 24000,
        commissionBps: 1500,
        receivedCents: 24000,
        refundedCents: 10000,
      }),
    ).toMatchObject({ netCents: 14000, feeCents: 2100, ownerCents: 11900 });
  });

  it('fee + owner is the net kept, for every price, fee, payment and refund', () => {
    const booking = fc
      .tuple(cents, percent, fc.boolean(), fc.integer({ min: 0, max: 100 }))
      .map(([price, p, paid, refundPercent]) => {
        const received = paid ? price : 0;
        return {
          priceCents: price,
          commissionBps: percentToBps(p),
          receivedCents: received,
          refundedCents: Math.floor((received * refundPercent) / 100),
        };
      });
    fc.assert(
      fc.property(booking, (input) => {
        const m = bookingMoneyCents(input);
        expect(m.netCents).toBe(input.receivedCents - input.refundedCents);
        expect(m.feeCents + m.ownerCents).toBe(m.netCents);
        const priceFee = splitAtBps(input.priceCents, input.commissionBps).feeCents;
        expect(m.feeCents).toBeLessThanOrEqual(priceFee);
        expect(m.ownerCents).toBeGreaterThanOrEqual(0);
        if (m.netCents === input.priceCents) expect(m.feeCents).toBe(priceFee);
      }),
    );
  });
});

describe('commission rates in basis points', () => {
  it('follows the site default unless the owner has a rate of their own', () => {
    expect(commissionBps(null, 15)).toBe(1500);
    expect(commissionBps(null, 12.5)).toBe(1250);
    expect(commissionBps(800, 15)).toBe(800);
    expect(commissionBps(0, 15)).toBe(0);
  });

  it('splits at a rate so fee + owner = amount, the fee rounded half up once', () => {
    expect(splitAtBps(30000, 1500)).toEqual({ feeCents: 4500, ownerCents: 25500 });
    expect(splitAtBps(1999, 1250)).toEqual({ feeCents: 250, ownerCents: 1749 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000 }), (a, bps) => {
        const { feeCents, ownerCents } = splitAtBps(a, bps);
        return feeCents + ownerCents === a && feeCents >= 0 && ownerCents >= 0;
      }),
    );
    expect(bpsToPercent(percentToBps(7.25))).toBe(7.25);
  });
});
