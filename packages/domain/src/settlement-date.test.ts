import { describe, expect, it } from 'vitest';
import { monthDateKeys, settlementDateProblem, settlementReceivedOn } from './settlement-date';

// 00:30 on 1 December in the Canaries (UTC+0 in winter).
const NOW = new Date('2026-12-01T00:30:00Z');
const CREATED = new Date('2026-10-15T09:00:00Z');

describe('the day a settlement was received', () => {
  it('is today in the Canaries when not given', () => {
    expect(settlementReceivedOn(undefined, NOW)).toBe('2026-12-01');
    expect(settlementReceivedOn('2026-11-27', NOW)).toBe('2026-11-27');
    // Summer time (UTC+1): 23:30 UTC on 31 July is already 1 August in the Canaries.
    expect(settlementReceivedOn(undefined, new Date('2026-07-31T23:30:00Z'))).toBe('2026-08-01');
  });

  it('may be today or any day since the account was made, not tomorrow nor before', () => {
    const at = { now: NOW, accountCreatedAt: CREATED };
    expect(settlementDateProblem('2026-12-01', at)).toBeNull();
    expect(settlementDateProblem('2026-10-15', at)).toBeNull();
    expect(settlementDateProblem('2026-12-02', at)).toBe('received_in_future');
    expect(settlementDateProblem('2026-10-14', at)).toBe('received_before_account');
  });

  it('names a month by its first day and the next month’s', () => {
    expect(monthDateKeys('2026-11')).toEqual({ first: '2026-11-01', next: '2026-12-01' });
    expect(monthDateKeys('2026-12')).toEqual({ first: '2026-12-01', next: '2027-01-01' });
  });
});
