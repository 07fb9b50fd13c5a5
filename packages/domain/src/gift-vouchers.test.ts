import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  VOUCHER_CODE_ALPHABET,
  formatVoucherCode,
  normalizeVoucherCode,
  refundShares,
  voucherExpiresAt,
  voucherRefusal,
  voucherSplit,
  voucherStatus,
} from './gift-vouchers';
import { MIN_CHARGE_CENTS } from './promo-codes';

describe('normalizeVoucherCode', () => {
  it('reads a code typed in any case, with or without dashes, spaces or prefix', () => {
    for (const typed of ['GV-7KQ2-M9XD', 'gv-7kq2-m9xd', 'gv7kq2m9xd', ' 7KQ2 M9XD ', '7kq2-m9xd']) {
      expect(normalizeVoucherCode(typed)).toBe('GV-7KQ2-M9XD');
    }
  });
  it('refuses what cannot be a code (misread letters, wrong length)', () => {
    for (const typed of ['GV-7KQ2-M9X0', 'GV-7KQ2-M9XDD', 'GV-IOL2-M9XD', '', 'SUMMER10']) {
      expect(normalizeVoucherCode(typed)).toBeNull();
    }
  });
  it('every printed code reads back as itself', () => {
    const chars = fc.string({ unit: fc.constantFrom(...VOUCHER_CODE_ALPHABET), minLength: 8, maxLength: 8 });
    fc.assert(
      fc.property(
        chars,
        (c) => normalizeVoucherCode(formatVoucherCode(c).toLowerCase()) === formatVoucherCode(c),
      ),
    );
  });
});

describe('voucherExpiresAt', () => {
  it('is the same instant months later, the 31st clamped to the month end', () => {
    expect(voucherExpiresAt(new Date('2026-03-15T10:00:00Z'), 24).toISOString()).toBe(
      '2028-03-15T10:00:00.000Z',
    );
    expect(voucherExpiresAt(new Date('2026-08-31T10:00:00Z'), 6).toISOString()).toBe(
      '2027-02-28T10:00:00.000Z',
    );
    expect(voucherExpiresAt(new Date('2027-08-31T10:00:00Z'), 6).toISOString()).toBe(
      '2028-02-29T10:00:00.000Z',
    );
  });
});

describe('voucherStatus and voucherRefusal', () => {
  const expiresAt = new Date('2028-01-01T00:00:00Z');
  const before = new Date('2027-12-31T23:59:59Z');
  it('pending until paid, spent at 0, expired exactly at its expiry, active otherwise', () => {
    expect(voucherStatus({ paid: false, balanceCents: 5000, expiresAt, now: before })).toBe('pending');
    expect(voucherStatus({ paid: true, balanceCents: 0, expiresAt, now: before })).toBe('spent');
    expect(voucherStatus({ paid: true, balanceCents: 1, expiresAt, now: expiresAt })).toBe('expired');
    expect(voucherStatus({ paid: true, balanceCents: 1, expiresAt, now: before })).toBe('active');
  });
  it('names why a voucher cannot pay', () => {
    expect(voucherRefusal(undefined)).toBe('voucherUnknown');
    expect(voucherRefusal({ paid: false, balanceCents: 5000, expiresAt, now: before })).toBe(
      'voucherNotPaid',
    );
    expect(voucherRefusal({ paid: true, balanceCents: 5000, expiresAt, now: expiresAt })).toBe(
      'voucherExpired',
    );
    expect(voucherRefusal({ paid: true, balanceCents: 0, expiresAt, now: before })).toBe('voucherSpent');
    expect(voucherRefusal({ paid: true, balanceCents: 5000, expiresAt, now: before })).toBeNull();
  });
});

describe('voucherSplit', () => {
  it('takes the balance first and the rest by card', () => {
    expect(voucherSplit(20_000, 5_000)).toEqual({ voucherCents: 5_000, cardCents: 15_000 });
    expect(voucherSplit(20_000, 50_000)).toEqual({ voucherCents: 20_000, cardCents: 0 });
    expect(voucherSplit(20_000, 0)).toEqual({ voucherCents: 0, cardCents: 20_000 });
  });
  it('never leaves a card part the provider would refuse', () => {
    expect(voucherSplit(20_000, 19_990)).toEqual({
      voucherCents: 20_000 - MIN_CHARGE_CENTS,
      cardCents: MIN_CHARGE_CENTS,
    });
  });
  it('always adds up to the total, each part within its bounds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MIN_CHARGE_CENTS, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (total, balance) => {
          const s = voucherSplit(total, balance);
          return (
            s.voucherCents + s.cardCents === total &&
            s.voucherCents >= 0 &&
            s.voucherCents <= balance &&
            (s.cardCents === 0 || s.cardCents >= MIN_CHARGE_CENTS)
          );
        },
      ),
    );
  });
});

describe('refundShares', () => {
  it('shares a full refund of 60 % voucher / 40 % card back the same way', () => {
    expect(refundShares(10_000, { voucherCents: 6_000, cardCents: 4_000 })).toEqual({
      toVoucherCents: 6_000,
      toCardCents: 4_000,
    });
  });
  it('shares a partial refund in proportion, rounded once', () => {
    expect(refundShares(5_000, { voucherCents: 6_000, cardCents: 4_000 })).toEqual({
      toVoucherCents: 3_000,
      toCardCents: 2_000,
    });
    expect(refundShares(1, { voucherCents: 1, cardCents: 1 })).toEqual({ toVoucherCents: 1, toCardCents: 0 });
    expect(refundShares(100, { voucherCents: 0, cardCents: 5_000 })).toEqual({
      toVoucherCents: 0,
      toCardCents: 100,
    });
  });
  it('never gives back more than was paid, and the shares add up to the refund', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), fc.nat(2_000_000), (v, c, refund) => {
        const s = refundShares(refund, { voucherCents: v, cardCents: c });
        return (
          s.toVoucherCents + s.toCardCents === Math.min(refund, v + c) &&
          s.toVoucherCents >= 0 &&
          s.toCardCents >= 0 &&
          s.toVoucherCents <= v &&
          s.toCardCents <= c
        );
      }),
    );
  });
});
