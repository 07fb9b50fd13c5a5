import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MIN_CHARGE_CENTS,
  normalizePromoCode,
  platformCentsAfterDiscount,
  promoDiscountCents,
  promoRefusal,
  type PromoContext,
  type PromoRules,
} from './promo-codes';

const CODE: PromoRules = {
  kind: 'percent',
  value: 1000,
  active: true,
  validFrom: '2027-06-01',
  validUntil: '2027-06-30',
  boatIds: [],
  ownerId: 'owner-a',
  minSpendCents: 10_000,
  maxUses: 5,
  maxUsesPerEmail: 1,
  firstBookingOnly: true,
};
const OK: PromoContext = {
  boatId: 'boat-1',
  boatOwnerId: 'owner-a',
  subtotalCents: 20_000,
  // 1 June 00:30 in the Canaries (summer, UTC+1) is still 31 May in UTC.
  now: new Date('2027-05-31T23:30:00Z'),
  uses: 0,
};

describe('promoDiscountCents', () => {
  it('rounds a percentage to the cent once, half up', () => {
    expect(promoDiscountCents({ kind: 'percent', value: 1000 }, 12_345)).toBe(1235); // 1234.5 → 1235
    expect(promoDiscountCents({ kind: 'percent', value: 1250 }, 9_999)).toBe(1250); // 1249.875
    expect(promoDiscountCents({ kind: 'percent', value: 333 }, 100)).toBe(3); // 3.33
    expect(promoDiscountCents({ kind: 'percent', value: 1000 }, 10_005)).toBe(1001); // 1000.5 → 1001
  });

  it('takes a fixed amount off whole, never more than the total less the smallest charge', () => {
    expect(promoDiscountCents({ kind: 'amount', value: 2000 }, 15_000)).toBe(2000);
    expect(promoDiscountCents({ kind: 'amount', value: 20_000 }, 15_000)).toBe(15_000 - MIN_CHARGE_CENTS);
    expect(promoDiscountCents({ kind: 'percent', value: 10_000 }, 15_000)).toBe(15_000 - MIN_CHARGE_CENTS);
    expect(promoDiscountCents({ kind: 'amount', value: 2000 }, 40)).toBe(0);
    expect(promoDiscountCents({ kind: 'amount', value: 2000 }, 0)).toBe(0);
  });

  it('never leaves less than the smallest charge, nor takes off a negative amount', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('percent' as const, 'amount' as const),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 99_999_999 }),
        (kind, value, subtotal) => {
          const off = promoDiscountCents(
            { kind, value: kind === 'percent' ? value % 10_001 : value },
            subtotal,
          );
          expect(off).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(off)).toBe(true);
          if (off > 0) expect(subtotal - off).toBeGreaterThanOrEqual(MIN_CHARGE_CENTS);
        },
      ),
    );
  });
});

describe('promoRefusal', () => {
  it('accepts a code inside its Canary dates, for its owner’s boat, above the minimum', () => {
    expect(promoRefusal(CODE, OK)).toBeNull();
    expect(promoRefusal(CODE, { ...OK, now: new Date('2027-06-30T22:59:00Z') })).toBeNull();
  });

  it('refuses unknown and switched-off codes alike', () => {
    expect(promoRefusal(undefined, OK)).toBe('promoUnknown');
    expect(promoRefusal({ ...CODE, active: false }, OK)).toBe('promoUnknown');
  });

  it('refuses before and after its dates, by the Canary calendar', () => {
    expect(promoRefusal(CODE, { ...OK, now: new Date('2027-05-31T22:59:00Z') })).toBe('promoNotYetValid');
    expect(promoRefusal(CODE, { ...OK, now: new Date('2027-06-30T23:00:00Z') })).toBe('promoExpired');
  });

  it('is for the boats it names, or every boat of its owner, or every boat for the platform', () => {
    expect(promoRefusal(CODE, { ...OK, boatOwnerId: 'owner-b' })).toBe('promoNotForBoat');
    expect(promoRefusal({ ...CODE, boatIds: ['boat-2'] }, OK)).toBe('promoNotForBoat');
    expect(promoRefusal({ ...CODE, boatIds: ['boat-1'] }, OK)).toBeNull();
    expect(promoRefusal({ ...CODE, ownerId: null }, { ...OK, boatOwnerId: 'owner-b' })).toBeNull();
  });

  it('needs the minimum spend, exactly at it is enough', () => {
    expect(promoRefusal(CODE, { ...OK, subtotalCents: 9_999 })).toBe('promoBelowMinimum');
    expect(promoRefusal(CODE, { ...OK, subtotalCents: 10_000 })).toBeNull();
  });

  it('counts uses in total, per e-mail, and the first booking only once the e-mail is known', () => {
    expect(promoRefusal(CODE, { ...OK, uses: 4 })).toBeNull();
    expect(promoRefusal(CODE, { ...OK, uses: 5 })).toBe('promoUsedUp');
    expect(promoRefusal({ ...CODE, maxUses: null }, { ...OK, uses: 500 })).toBeNull();
    expect(promoRefusal(CODE, { ...OK, email: { uses: 1, paidBookings: 0 } })).toBe('promoEmailUsed');
    expect(promoRefusal(CODE, { ...OK, email: { uses: 0, paidBookings: 1 } })).toBe('promoFirstBookingOnly');
    expect(
      promoRefusal({ ...CODE, firstBookingOnly: false }, { ...OK, email: { uses: 0, paidBookings: 3 } }),
    ).toBeNull();
    expect(promoRefusal(CODE, { ...OK, email: { uses: 0, paidBookings: 0 } })).toBeNull();
  });

  it('reads codes as people type them', () => {
    expect(normalizePromoCode('  summer-10 ')).toBe('SUMMER-10');
  });
});

describe('platformCentsAfterDiscount', () => {
  it('takes the discount off the platform’s extras in proportion', () => {
    // €100 of which €60 the platform's, 10 % off: €90 charged, the platform's part €54.
    expect(platformCentsAfterDiscount(6000, 9000, 1000)).toBe(5400);
    expect(platformCentsAfterDiscount(6000, 10_000, 0)).toBe(6000);
    expect(platformCentsAfterDiscount(0, 9000, 1000)).toBe(0);
  });
});
