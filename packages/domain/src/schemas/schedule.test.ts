import { describe, expect, it } from 'vitest';
import { scheduleFormSchema, scheduleInputSchema } from './schedule';

const form = {
  weekdays: ['1', '3'],
  startTimes: '10:00, 15:30',
  durationHours: '3',
  type: 'shared' as const,
  seatsTotal: '12',
  seatPrice: '22.5',
  from: '2027-01-01',
  to: '2027-01-31',
};
const issues = (value: unknown) =>
  scheduleFormSchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('schedule form and request', () => {
  it('turns the form fields into the request the server checks', () => {
    expect(scheduleFormSchema.parse(form)).toEqual({
      weekdays: [1, 3],
      startTimes: ['10:00', '15:30'],
      durationHours: 3,
      type: 'shared',
      seatsTotal: 12,
      seatPrice: 22.5,
      from: '2027-01-01',
      to: '2027-01-31',
    });
    expect(scheduleFormSchema.parse({ ...form, type: 'private', seatsTotal: '' })).toMatchObject({
      seatsTotal: 0,
      seatPrice: 0,
    });
  });

  it('names the field of each mistake', () => {
    expect(issues({ ...form, startTimes: '10:00 25:00' })).toEqual([['startTimes', 'validation.time']]);
    expect(issues({ ...form, weekdays: [] })).toEqual([['weekdays', 'validation.required']]);
    expect(issues({ ...form, to: '2026-12-31' })).toEqual([['to', 'validation.dateOrder']]);
    expect(issues({ ...form, to: '2028-06-01' })).toEqual([['to', 'validation.rangeTooLong']]);
    expect(issues({ ...form, seatsTotal: '0' })).toEqual([['seatsTotal', 'validation.min1']]);
    expect(
      scheduleInputSchema.safeParse({ ...scheduleFormSchema.parse(form), durationHours: 0.5 }).success,
    ).toBe(false);
  });
});
