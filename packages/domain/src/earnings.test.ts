import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingEarning, nextEarningLine, payoutDecision, type EarningAmounts } from './earnings';

const zero: EarningAmounts = { netCents: 0, feeCents: 0, ownerCents: 0 };

/** What a booking's lines add up to (the server sums them in SQL). */
const sumEarnings = (lines: readonly EarningAmounts[]): EarningAmounts =>
  lines.reduce(
    (sum, l) => ({
      netCents: sum.netCents + l.netCents,
      feeCents: sum.feeCents + l.feeCents,
      ownerCents: sum.ownerCents + l.ownerCents,
    }),
    zero,
  );

describe('earning lines of a booking', () => {
  it('the first line is the split of the net at the booking’s rate', () => {
    expect(nextEarningLine({ netCents: 15000, commissionBps: 1500 }, zero)).toEqual({
      netCents: 15000,
      feeCents: 2250,
      ownerCents: 12750,
    });
  });

  it('a refund after completion is a negative line; nothing new is no line', () => {
    const first = bookingEarning(24000, 1500);
    expect(nextEarningLine({ netCents: 24000, commissionBps: 1500 }, first)).toBeNull();
    expect(nextEarningLine({ netCents: 14000, commissionBps: 1500 }, first)).toEqual({
      netCents: -10000,
      feeCents: -1500,
      ownerCents: -8500,
    });
  });

  it('however many refunds, the lines add up to one split of the net, rounded once', () => {
    const scenario = fc.record({
      bps: fc.integer({ min: 0, max: 10_000 }),
      received: fc.integer({ min: 0, max: 10_000_000 }),
      refunds: fc.array(fc.integer({ min: 1, max: 100 }), { maxLength: 6 }),
    });
    fc.assert(
      fc.property(scenario, ({ bps, received, refunds }) => {
        const lines: EarningAmounts[] = [];
        let net = received;
        const sync = () => {
          const line = nextEarningLine({ netCents: net, commissionBps: bps }, sumEarnings(lines));
          if (line) lines.push(line);
        };
        sync();
        for (const percent of refunds) {
          net -= Math.floor((net * percent) / 100);
          sync();
        }
        for (const line of lines) expect(line.feeCents + line.ownerCents).toBe(line.netCents);
        expect(sumEarnings(lines)).toEqual(bookingEarning(net, bps));
      }),
      { numRuns: 300 },
    );
  });
});

describe('payoutDecision', () => {
  const base = { balanceCents: 5000, minimumCents: 1000, suspended: false, onHold: false, isPlatform: false };
  it('pays an active owner their balance at or above the minimum', () => {
    expect(payoutDecision(base)).toEqual({ pay: true, amountCents: 5000 });
    expect(payoutDecision({ ...base, balanceCents: 1000 })).toEqual({ pay: true, amountCents: 1000 });
  });
  it('skips the suspended, the held, the platform and a balance below the minimum or negative', () => {
    expect(payoutDecision({ ...base, suspended: true })).toEqual({ pay: false, skip: 'suspended' });
    expect(payoutDecision({ ...base, onHold: true })).toEqual({ pay: false, skip: 'on_hold' });
    expect(payoutDecision({ ...base, isPlatform: true })).toEqual({ pay: false, skip: 'platform' });
    expect(payoutDecision({ ...base, balanceCents: 999 })).toEqual({ pay: false, skip: 'below_minimum' });
    expect(payoutDecision({ ...base, balanceCents: -300, minimumCents: 0 })).toEqual({
      pay: false,
      skip: 'below_minimum',
    });
  });
});
