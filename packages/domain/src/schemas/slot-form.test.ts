import { describe, expect, it } from 'vitest';
import { slotFormSchema, type SlotFormFields } from './slot-form';

// 5 December 2026: Canary time is UTC+0.
const ctx = {
  day: '2026-12-05',
  daySlots: [{ _id: 'other', start: '2026-12-05T14:00:00.000Z', end: '2026-12-05T16:00:00.000Z' }],
  minDurationHours: 1,
  maxDurationHours: 4,
  capacity: 9,
  now: new Date('2026-12-01T10:00:00Z'),
};
const fields: SlotFormFields = {
  type: 'shared',
  start: '10:00',
  end: '12:00',
  isOpen: true,
  seatPrice: '45',
  seatsTotal: '8',
  seatsTaken: 0,
};
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('slotFormSchema', () => {
  it('turns typed fields into the save request on the Canary day', () => {
    expect(slotFormSchema(ctx).parse(fields)).toEqual({
      type: 'shared',
      start: '2026-12-05T10:00:00.000Z',
      end: '2026-12-05T12:00:00.000Z',
      isOpen: true,
      seatPrice: 45,
      seatsTotal: 8,
      seatsTaken: 0,
    });
  });

  it('puts each rule problem on its field, worded by the caller', () => {
    const r = slotFormSchema(ctx, (field, code) => `${field}:${code}`).safeParse({
      ...fields,
      start: '13:00',
      end: '18:30',
      seatsTotal: '12',
    });
    expect(issues(r)).toEqual({
      start: 'start:overlaps',
      end: 'end:tooLong',
      seatsTotal: 'seatsTotal:aboveCapacity',
    });
    expect(issues(slotFormSchema(ctx).safeParse({ ...fields, start: '9:7' }))).toEqual({
      start: 'validation.time',
    });
  });

  it('lets a started slot whose times stay be closed, but not moved', () => {
    const existing = {
      _id: 's1',
      type: 'shared' as const,
      start: '2026-12-05T10:00:00.000Z',
      end: '2026-12-05T12:00:00.000Z',
    };
    const later = { ...ctx, now: new Date('2026-12-05T11:00:00Z'), existing };
    expect(slotFormSchema(later).safeParse({ ...fields, isOpen: false }).success).toBe(true);
    expect(issues(slotFormSchema(later).safeParse({ ...fields, start: '10:30' }))).toEqual({
      start: 'inPast',
    });
  });
});
