import { describe, expect, it } from 'vitest';
import { canaryDateKey, canaryTimeLabel } from './canary-time';
import { expandWeeklyPattern, planSchedule } from './weekly-schedule';

const pattern = {
  weekdays: [7], // Sundays
  startTimes: ['10:00'],
  durationHours: 2,
  from: '2027-10-17',
  to: '2027-11-07',
};

describe('weekly schedule', () => {
  it('keeps the harbour’s wall-clock time across the October switch', () => {
    const slots = expandWeeklyPattern(pattern);
    expect(slots.map((s) => canaryDateKey(s.start))).toEqual([
      '2027-10-17',
      '2027-10-24',
      '2027-10-31',
      '2027-11-07',
    ]);
    expect(slots.every((s) => canaryTimeLabel(s.start) === '10:00')).toBe(true);
    expect(slots[1]!.start.toISOString()).toBe('2027-10-24T09:00:00.000Z');
    expect(slots[2]!.start.toISOString()).toBe('2027-10-31T10:00:00.000Z');
  });

  it('skips the past, overlaps with existing slots, and its own overlapping occurrences', () => {
    const now = new Date('2027-10-17T09:30:00Z');
    const existing = [{ start: new Date('2027-10-24T10:30:00Z'), end: new Date('2027-10-24T11:30:00Z') }];
    const plan = planSchedule({ ...pattern, startTimes: ['10:00', '11:00'] }, existing, now);
    const label = (s: { start: Date }) => `${canaryDateKey(s.start)} ${canaryTimeLabel(s.start)}`;
    expect(plan.skipped.map((s) => [label(s), s.reason])).toEqual([
      ['2027-10-17 10:00', 'past'],
      ['2027-10-24 10:00', 'overlap'],
      ['2027-10-24 11:00', 'overlap'],
      ['2027-10-31 11:00', 'pattern_overlap'],
      ['2027-11-07 11:00', 'pattern_overlap'],
    ]);
    expect(plan.create.map(label)).toEqual(['2027-10-17 11:00', '2027-10-31 10:00', '2027-11-07 10:00']);
  });

  it('touching slots do not overlap', () => {
    const existing = [{ start: new Date('2027-10-17T08:00:00Z'), end: new Date('2027-10-17T09:00:00Z') }];
    const plan = planSchedule({ ...pattern, to: '2027-10-17' }, existing, new Date('2027-10-01T00:00:00Z'));
    expect(plan.create).toHaveLength(1);
  });
});
