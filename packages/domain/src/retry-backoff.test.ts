import { describe, expect, it } from 'vitest';
import { DELIVERY_BACKOFF, retryDelayMs } from './retry-backoff';

const MINUTE = 60_000;

describe('retryDelayMs', () => {
  it('doubles from the first wait and stops at the longest', () => {
    expect([1, 2, 3, 4, 7, 8, 50].map((n) => retryDelayMs(n, DELIVERY_BACKOFF) / MINUTE)).toEqual([
      1, 2, 4, 8, 60, 60, 60,
    ]);
    const aeat = { firstMs: 30_000, maxMs: 30 * MINUTE };
    expect([1, 2, 6, 7, 1000].map((n) => retryDelayMs(n, aeat))).toEqual([
      30_000,
      60_000,
      16 * MINUTE,
      30 * MINUTE,
      30 * MINUTE,
    ]);
  });

  it('waits the first delay before any attempt was counted', () => {
    expect(retryDelayMs(0, DELIVERY_BACKOFF)).toBe(MINUTE);
  });
});
