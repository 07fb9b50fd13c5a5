import { describe, expect, it } from 'vitest';
import { isPayoutSchedule, latestScheduledRun } from './payout-schedule';

describe('latestScheduledRun', () => {
  it('is last Monday 06:00 Canary time (winter: UTC, summer: 05:00 UTC)', () => {
    // Wednesday 25 November 2026.
    expect(latestScheduledRun('mon 06:00', new Date('2026-11-25T12:00:00Z'))).toEqual(
      new Date('2026-11-23T06:00:00Z'),
    );
    // Monday 15 June 2026, 05:59:59 UTC is 06:59:59 in the Canaries: the run was at 05:00 UTC.
    expect(latestScheduledRun('mon 06:00', new Date('2026-06-15T05:59:59Z'))).toEqual(
      new Date('2026-06-15T05:00:00Z'),
    );
    // A minute before the run, the one a week earlier.
    expect(latestScheduledRun('mon 06:00', new Date('2026-06-15T04:59:00Z'))).toEqual(
      new Date('2026-06-08T05:00:00Z'),
    );
  });

  it('runs daily, or never when off', () => {
    expect(latestScheduledRun('daily 06:00', new Date('2026-11-25T05:00:00Z'))).toEqual(
      new Date('2026-11-24T06:00:00Z'),
    );
    expect(latestScheduledRun('off', new Date('2026-11-25T05:00:00Z'))).toBeNull();
    expect(isPayoutSchedule('mon 06:00') && isPayoutSchedule('off')).toBe(true);
    expect(isPayoutSchedule('monday 6:00')).toBe(false);
  });
});
