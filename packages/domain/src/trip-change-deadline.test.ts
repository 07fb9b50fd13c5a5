import { describe, expect, it } from 'vitest';
import { choiceDeadline, optionClosesAt } from './trip-change-deadline';

const HOUR = 3_600_000;
// Wednesday 24 November 2027, 07:00 in the Canaries (winter time, UTC+0): a Saturday trip is canceled.
const WEDNESDAY = new Date('2027-11-24T07:00:00Z');
const at = (iso: string) => new Date(iso);
const hoursFrom = (a: Date, b: Date | null) => (b ? (b.getTime() - a.getTime()) / HOUR : null);

describe('the time a customer of a canceled trip has to choose', () => {
  it('gives a trip three days away its own closing time, a day before it leaves', () => {
    expect(optionClosesAt(at('2027-11-27T10:00:00Z'), WEDNESDAY, 12).toISOString()).toBe(
      '2027-11-26T10:00:00.000Z',
    );
  });

  it('keeps a trip tomorrow open for the minimum, not the 3 hours a day-before rule leaves', () => {
    // Thursday 10:00: a day before is Wednesday 10:00, three hours away; the minimum keeps it to 19:00.
    const thursday = at('2027-11-25T10:00:00Z');
    expect(optionClosesAt(thursday, WEDNESDAY, 12).toISOString()).toBe('2027-11-24T19:00:00.000Z');
    expect(optionClosesAt(thursday, WEDNESDAY, 20).toISOString()).toBe('2027-11-25T03:00:00.000Z');
  });

  it('closes tonight’s trip two hours before it leaves, even if that is under the minimum', () => {
    expect(optionClosesAt(at('2027-11-24T17:00:00Z'), WEDNESDAY, 12).toISOString()).toBe(
      '2027-11-24T15:00:00.000Z',
    );
  });

  it('takes the deadline from the latest trip offered, not the earliest, capped at 72 hours', () => {
    const thursday = at('2027-11-25T10:00:00Z');
    const sunday = at('2027-11-28T10:00:00Z');
    expect(hoursFrom(WEDNESDAY, choiceDeadline([thursday, sunday], WEDNESDAY, 12))).toBe(72);
    expect(choiceDeadline([thursday], WEDNESDAY, 12)?.toISOString()).toBe('2027-11-24T19:00:00.000Z');
    expect(choiceDeadline([thursday, at('2027-11-26T10:00:00Z')], WEDNESDAY, 12)?.toISOString()).toBe(
      '2027-11-25T10:00:00.000Z',
    );
  });

  it('never leaves less than the minimum while a trip offered leaves that much time', () => {
    for (let h = 1; h < 24 * 8; h += 1) {
      const deadline = choiceDeadline([new Date(WEDNESDAY.getTime() + h * HOUR)], WEDNESDAY, 12);
      const left = hoursFrom(WEDNESDAY, deadline);
      if (h >= 12 + 2) expect(left, `trip in ${h} h`).toBeGreaterThanOrEqual(12);
      else if (h > 2) expect(left).toBe(h - 2);
      else expect(deadline).toBeNull();
    }
  });

  it('offers no choice when nothing can be chosen any more', () => {
    expect(choiceDeadline([], WEDNESDAY, 12)).toBeNull();
    expect(choiceDeadline([at('2027-11-24T08:30:00Z')], WEDNESDAY, 12)).toBeNull();
  });
});
