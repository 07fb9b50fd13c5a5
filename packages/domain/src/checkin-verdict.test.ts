import { describe, expect, it } from 'vitest';
import { checkinTime, checkinVerdict, OFFLINE_CHECKIN_MAX_AGE_HOURS } from './checkin-verdict';

// 10 June 2027, 10:00 in the Canaries (UTC+1 in summer); the trip leaves at 11:00.
const now = new Date('2027-06-10T09:00:00Z');
const ticket = {
  travels: true,
  start: '2027-06-10T10:00:00Z',
  slotIds: ['slot-a'],
  boarded: false,
};

describe('checkinVerdict', () => {
  it('boards a ticket of today on its trip, or with no trip chosen', () => {
    expect(checkinVerdict(ticket, { at: now, slotId: 'slot-a' })).toBe('board');
    expect(checkinVerdict(ticket, { at: now })).toBe('board');
  });

  it('answers in order: canceled, not today, wrong trip, already', () => {
    const everything = { ...ticket, travels: false, start: '2027-06-11T10:00:00Z', boarded: true };
    expect(checkinVerdict(everything, { at: now, slotId: 'slot-b' })).toBe('canceled');
    expect(checkinVerdict({ ...everything, travels: true }, { at: now, slotId: 'slot-b' })).toBe('not_today');
    expect(checkinVerdict({ ...ticket, boarded: true }, { at: now, slotId: 'slot-b' })).toBe('wrong_trip');
    expect(checkinVerdict({ ...ticket, boarded: true }, { at: now, slotId: 'slot-a' })).toBe('already');
  });

  it("judges the day by the scan's Canary day, so a scan sent after midnight still boards", () => {
    const lateTrip = { ...ticket, start: '2027-06-10T21:30:00Z' }; // 22:30 in the Canaries
    const scannedAt = new Date('2027-06-10T22:50:00Z'); // 23:50 there
    expect(checkinVerdict(lateTrip, { at: scannedAt })).toBe('board');
    expect(checkinVerdict(lateTrip, { at: new Date('2027-06-10T23:10:00Z') })).toBe('not_today');
  });
});

describe('checkinTime', () => {
  it("takes the phone's time of the scan, now when none is given", () => {
    const scannedAt = new Date(now.getTime() - 20 * 60_000);
    expect(checkinTime(scannedAt, now)).toEqual(scannedAt);
    expect(checkinTime(undefined, now)).toEqual(now);
  });

  it('never boards in the future: a phone clock ahead gives now', () => {
    expect(checkinTime(new Date(now.getTime() + 60_000), now)).toEqual(now);
  });

  it(`refuses a scan older than ${OFFLINE_CHECKIN_MAX_AGE_HOURS} hours, not one just inside`, () => {
    const limit = OFFLINE_CHECKIN_MAX_AGE_HOURS * 3_600_000;
    expect(checkinTime(new Date(now.getTime() - limit), now)).toEqual(new Date(now.getTime() - limit));
    expect(checkinTime(new Date(now.getTime() - limit - 1), now)).toBeNull();
  });
});
