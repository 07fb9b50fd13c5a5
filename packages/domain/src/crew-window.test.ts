import { describe, expect, it } from 'vitest';
import { CREW_DAYS_AHEAD, crewMayReadManifest } from './crew-window';

// 1 June 2027, 10:00 in the Canaries (UTC+1 in summer).
const now = new Date('2027-06-01T09:00:00Z');

describe('crewMayReadManifest', () => {
  it('opens today, already departed trips included, and the next days by the Canary calendar', () => {
    expect(CREW_DAYS_AHEAD).toBe(2);
    expect(crewMayReadManifest('2027-05-31T23:00:00Z', now)).toBe(true); // 00:00 today in the Canaries
    expect(crewMayReadManifest('2027-06-01T07:00:00Z', now)).toBe(true); // this morning, gone
    expect(crewMayReadManifest('2027-06-03T22:59:00Z', now)).toBe(true); // 23:59 on the second day
  });

  it('closes yesterday and the third day ahead', () => {
    expect(crewMayReadManifest('2027-05-31T22:59:00Z', now)).toBe(false); // 23:59 yesterday
    expect(crewMayReadManifest('2027-06-03T23:00:00Z', now)).toBe(false); // 00:00 on the third day
    expect(crewMayReadManifest('2026-06-01T09:00:00Z', now)).toBe(false);
  });

  it('counts days at midnight in the Canaries, not in UTC', () => {
    // 23:30 on 1 June in the Canaries is still 1 June there, 22:30 UTC.
    const lateEvening = new Date('2027-06-01T22:30:00Z');
    expect(crewMayReadManifest('2027-06-01T07:00:00Z', lateEvening)).toBe(true);
    expect(crewMayReadManifest('2027-06-04T07:00:00Z', lateEvening)).toBe(false);
  });
});
