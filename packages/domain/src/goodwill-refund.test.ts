import { describe, expect, it } from 'vitest';
import { goodwillMaxCents, goodwillVerdict, mayRefundAsGoodwill } from './goodwill-refund';

describe('goodwill refunds', () => {
  it('are for bookings that sail or sailed, never a canceled, pending or requested one', () => {
    expect(['paid', 'confirmed', 'completed'].map(mayRefundAsGoodwill)).toEqual([true, true, true]);
    expect(['pending', 'requested', 'canceled', 'refunded'].map(mayRefundAsGoodwill)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('give back at most a cent less than held before the trip, and everything after it', () => {
    expect(goodwillMaxCents('paid', 24_000)).toBe(23_999);
    expect(goodwillMaxCents('confirmed', 1)).toBe(0);
    expect(goodwillMaxCents('completed', 24_000)).toBe(24_000);
    expect(goodwillMaxCents('paid', 0)).toBe(0);
  });

  it('call a refund of everything a trip ahead holds a cancellation, exactly at the limit', () => {
    expect(goodwillVerdict('paid', 23_999, 24_000)).toEqual({ ok: true });
    expect(goodwillVerdict('paid', 24_000, 24_000)).toEqual({
      ok: false,
      reason: 'is_cancellation',
      maxCents: 23_999,
    });
    expect(goodwillVerdict('completed', 24_000, 24_000)).toEqual({ ok: true });
    expect(goodwillVerdict('canceled', 100, 24_000)).toMatchObject({ ok: false, reason: 'not_sailing' });
    expect(goodwillVerdict('confirmed', 100, 0)).toMatchObject({ ok: false, reason: 'nothing_kept' });
  });
});
