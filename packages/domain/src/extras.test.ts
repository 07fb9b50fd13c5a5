import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extraLimit, priceExtras, saleSplit, type ExtraOffer } from './extras';
import { splitAtBps } from './fee-split';

const TRANSFER: ExtraOffer = {
  id: 't',
  priceCents: 1500,
  per: 'person',
  maxQuantity: 12,
  noticeHours: 12,
  provider: 'platform',
};
const PROSECCO: ExtraOffer = {
  id: 'p',
  priceCents: 3500,
  per: 'booking',
  maxQuantity: 4,
  noticeHours: 24,
  provider: 'owner',
};
const START = new Date('2027-08-14T18:00:00Z');
const HOUR = 3_600_000;
const trip = (people: number, hoursAhead: number) => ({
  people,
  startsAt: START,
  now: new Date(START.getTime() - hoursAhead * HOUR),
});

describe('extras', () => {
  it('prices a transfer per person and bottles per booking, the platform part apart', () => {
    const price = priceExtras(
      [TRANSFER, PROSECCO],
      [
        { id: 't', quantity: 4 },
        { id: 'p', quantity: 2 },
      ],
      trip(4, 48),
    );
    expect(price).toEqual({
      ok: true,
      lines: [
        { id: 't', per: 'person', provider: 'platform', quantity: 4, unitCents: 1500, totalCents: 6000 },
        { id: 'p', per: 'booking', provider: 'owner', quantity: 2, unitCents: 3500, totalCents: 7000 },
      ],
      totalCents: 13_000,
      platformCents: 6000,
    });
  });

  it('a per-person extra is for at most everyone aboard; a quantity of 0 is no choice', () => {
    expect(extraLimit(TRANSFER, 3)).toBe(3);
    expect(extraLimit(PROSECCO, 1)).toBe(4);
    expect(priceExtras([TRANSFER], [{ id: 't', quantity: 4 }], trip(3, 48))).toEqual({
      ok: false,
      problems: [{ code: 'extraTooMany', index: 0, id: 't', max: 3 }],
    });
    expect(priceExtras([TRANSFER], [{ id: 't', quantity: 0 }], trip(3, 48))).toMatchObject({
      ok: true,
      totalCents: 0,
    });
  });

  it('notice: prosecco can be ordered exactly 24 h ahead, not a minute later', () => {
    expect(priceExtras([PROSECCO], [{ id: 'p', quantity: 1 }], trip(2, 24)).ok).toBe(true);
    expect(priceExtras([PROSECCO], [{ id: 'p', quantity: 1 }], trip(2, 24 - 1 / 60))).toEqual({
      ok: false,
      problems: [{ code: 'extraTooLate', index: 0, id: 'p' }],
    });
  });

  it('refuses an extra the boat does not offer', () => {
    expect(priceExtras([PROSECCO], [{ id: 'x', quantity: 1 }], trip(2, 48))).toEqual({
      ok: false,
      problems: [{ code: 'unknownExtra', index: 0, id: 'x' }],
    });
  });

  it('sale split: the platform keeps its extras whole, the rest is split at the rate; fee + owner = gross', () => {
    // €200 trip and €70 owner extras at 15 %, plus €60 platform transfer.
    expect(saleSplit(33_000, 6000, 1500)).toEqual({ feeCents: 4050 + 6000, ownerCents: 22_950 });
    expect(saleSplit(10_000, 0, 1500)).toEqual(splitAtBps(10_000, 1500));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (gross, platform, bps) => {
          const split = saleSplit(gross, platform, bps);
          expect(split.feeCents + split.ownerCents).toBe(gross);
          expect(split.feeCents).toBeGreaterThanOrEqual(Math.min(platform, gross));
        },
      ),
    );
  });
});
