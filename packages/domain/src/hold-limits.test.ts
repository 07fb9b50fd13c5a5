import { describe, expect, it } from 'vitest';
import { maxSeatsHeldPerClient } from './hold-limits';

describe('the seats one client may hold on a trip', () => {
  const limits = { MAX_HELD_SEATS_PER_TRIP: 12, MAX_HELD_SHARE_PER_TRIP_PERCENT: 70 };
  it('is the smaller of the seat cap and the share of the trip', () => {
    expect(maxSeatsHeldPerClient(limits, 10)).toBe(7);
    expect(maxSeatsHeldPerClient(limits, 40)).toBe(12);
  });
  it('is at least one seat, even on a trip too small for the share', () => {
    expect(maxSeatsHeldPerClient(limits, 1)).toBe(1);
  });
});
