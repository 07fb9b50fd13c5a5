import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryCounter } from './limit-store';

describe('MemoryCounter.attempt', () => {
  afterEach(() => vi.useRealTimers());

  it('lets `limit` attempts through, then one per doubling delay', async () => {
    vi.useFakeTimers({ now: new Date('2026-06-01T10:00:00Z') });
    const counter = new MemoryCounter();
    const rule = { limit: 3, windowMs: 15 * 60_000, backoffBaseMs: 1000 };
    const results = [];
    for (let i = 0; i < 5; i++) results.push((await counter.attempt('k', rule)).allowed);
    expect(results).toEqual([true, true, true, false, false]);
    expect(await counter.attempt('k', rule)).toEqual({ allowed: false, retryAfterMs: 2000 });
    vi.advanceTimersByTime(2000);
    expect((await counter.attempt('k', rule)).allowed).toBe(true);
    expect(await counter.attempt('k', rule)).toEqual({ allowed: false, retryAfterMs: 4000 });
    vi.advanceTimersByTime(4000);
    expect((await counter.attempt('k', rule)).allowed).toBe(true);
    expect(await counter.attempt('k', rule)).toEqual({ allowed: false, retryAfterMs: 8000 });
  });

  it('refuses past the limit without backoff until the window ends, and refunds give slots back', async () => {
    vi.useFakeTimers({ now: new Date('2026-06-01T10:00:00Z') });
    const counter = new MemoryCounter();
    const rule = { limit: 2, windowMs: 60_000 };
    expect((await counter.attempt('ip', rule)).allowed).toBe(true);
    expect((await counter.attempt('ip', rule)).allowed).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(await counter.attempt('ip', rule)).toEqual({ allowed: false, retryAfterMs: 50_000 });
    await counter.refund('ip');
    expect((await counter.attempt('ip', rule)).allowed).toBe(true);
    vi.advanceTimersByTime(50_000);
    expect((await counter.attempt('ip', rule)).allowed).toBe(true);
  });
});
