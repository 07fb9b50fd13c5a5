import { describe, expect, it } from 'vitest';
import {
  cancellationQuote,
  DEFAULT_CANCELLATION_POLICY,
  effectivePolicy,
  refundCents,
  refundPercentAt,
} from './cancellation-policy';

const departure = new Date('2026-07-10T09:00:00Z');
const hoursBefore = (h: number) => new Date(departure.getTime() - h * 3_600_000);

describe('refundPercentAt with the site default', () => {
  it.each([
    [100, 100],
    [48, 100],
    [47.99, 50],
    [30, 50],
    [24, 50],
    [23.99, 0],
    [1, 0],
    [0, 0],
    [-2, 0],
  ])('%s h before departure refunds %s%%', (h, percent) => {
    expect(refundPercentAt(DEFAULT_CANCELLATION_POLICY, departure, hoursBefore(h))).toBe(percent);
  });
});

describe('a boat policy', () => {
  it('replaces the default and is read from the most generous rule, whatever its order', () => {
    const policy = effectivePolicy([
      { hoursBefore: 12, refundPercent: 25 },
      { hoursBefore: 72, refundPercent: 100 },
    ]);
    expect(refundPercentAt(policy, departure, hoursBefore(72))).toBe(100);
    expect(refundPercentAt(policy, departure, hoursBefore(48))).toBe(25);
    expect(refundPercentAt(policy, departure, hoursBefore(11))).toBe(0);
  });

  it('falls back to the default when empty or absent', () => {
    expect(effectivePolicy([])).toBe(DEFAULT_CANCELLATION_POLICY);
    expect(effectivePolicy(null)).toBe(DEFAULT_CANCELLATION_POLICY);
  });
});

describe('refundCents', () => {
  it('rounds a half refund of an odd amount down to the cent', () => {
    expect(refundCents(4001, 50)).toBe(2000);
    expect(refundCents(4000, 100)).toBe(4000);
    expect(refundCents(4000, 0)).toBe(0);
  });
});

describe('cancellationQuote', () => {
  it('says what is refunded now and until when that holds', () => {
    const quote = cancellationQuote(DEFAULT_CANCELLATION_POLICY, departure, hoursBefore(30), 12_000);
    expect(quote).toEqual({
      refundPercent: 50,
      refundCents: 6000,
      nextDeadline: hoursBefore(24),
    });
  });

  it('has no deadline once nothing is refunded', () => {
    const quote = cancellationQuote(DEFAULT_CANCELLATION_POLICY, departure, hoursBefore(2), 12_000);
    expect(quote).toEqual({ refundPercent: 0, refundCents: 0, nextDeadline: null });
  });
});
