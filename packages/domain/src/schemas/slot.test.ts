import { describe, expect, it } from 'vitest';
import { canaryInstant } from '../canary-time';
import { hasSlotProblems, newSlotProblems, setRemainingSeats, slotInputSchema, slotSchema } from './slot';

const day = '2027-10-31';
const t = (time: string, d = day) => canaryInstant(d, time).toISOString();
const now = new Date(t('00:00'));
const ctx = {
  daySlots: [{ _id: '00000000-0000-4000-8000-000000000013', start: t('10:00'), end: t('12:00') }],
  minDurationHours: 1,
  maxDurationHours: 4,
  now,
};

describe('slotSchema', () => {
  it('accepts an availability slot', () => {
    const slot = {
      _id: '00000000-0000-4000-8000-000000000011',
      type: 'shared',
      start: t('10:00'),
      end: t('12:00'),
      isOpen: true,
      seatPrice: 45.5,
      seatsTotal: 10,
      seatsTaken: 3,
      seatsLeft: 7,
    };
    expect(slotSchema.parse(slot)).toEqual(slot);
    expect(slotSchema.safeParse({ ...slot, type: 'block' }).success).toBe(false);
  });

  it('defaults an admin slot input', () => {
    expect(slotInputSchema.parse({ type: 'private', start: t('10:00'), end: t('11:00') })).toEqual({
      type: 'private',
      start: t('10:00'),
      end: t('11:00'),
      isOpen: true,
      seatPrice: 0,
      seatsTotal: 0,
      seatsTaken: 0,
    });
  });
});

describe('newSlotProblems', () => {
  it('accepts a slot touching its neighbour', () => {
    expect(newSlotProblems({ type: 'private', start: t('12:00'), end: t('13:00') }, ctx)).toEqual({});
    expect(newSlotProblems({ type: 'private', start: t('09:00'), end: t('10:00') }, ctx)).toEqual({});
  });

  it('refuses end before or equal to start', () => {
    expect(newSlotProblems({ type: 'private', start: t('14:00'), end: t('14:00') }, ctx)).toEqual({
      end: 'endBeforeStart',
    });
    expect(newSlotProblems({ type: 'private', start: t('14:00'), end: t('13:00') }, ctx).end).toBe(
      'endBeforeStart',
    );
  });

  it('refuses a start at or before now', () => {
    expect(newSlotProblems({ type: 'private', start: t('00:00'), end: t('01:00') }, ctx)).toEqual({
      start: 'inPast',
    });
    expect(
      newSlotProblems({ type: 'private', start: t('00:00'), end: t('01:00') }, { ...ctx, allowPast: true }),
    ).toEqual({});
  });

  it('checks the boat minimum and maximum exactly at the limits', () => {
    expect(newSlotProblems({ type: 'private', start: t('13:00'), end: t('17:00') }, ctx)).toEqual({});
    expect(newSlotProblems({ type: 'private', start: t('13:00'), end: t('17:01') }, ctx)).toEqual({
      end: 'tooLong',
    });
    expect(newSlotProblems({ type: 'private', start: t('13:00'), end: t('13:59') }, ctx)).toEqual({
      end: 'tooShort',
    });
  });

  it('holds a shared trip to the boat’s shortest, not a charter’s hour, which chains (issue 58)', () => {
    const twoHours = { ...ctx, minDurationHours: 2 };
    const shared = { type: 'shared' as const, seatsTotal: 5, seatPrice: 10 };
    expect(newSlotProblems({ ...shared, start: t('13:00'), end: t('14:00') }, twoHours)).toEqual({
      end: 'tooShort',
    });
    expect(newSlotProblems({ type: 'private', start: t('13:00'), end: t('14:00') }, twoHours)).toEqual({});
    expect(newSlotProblems({ type: 'private', start: t('13:00'), end: t('13:30') }, twoHours)).toEqual({
      end: 'tooShort',
    });
  });

  it('measures real hours over the repeated hour on 2027-10-31', () => {
    // 00:30 → 02:30 on the clock is three real hours that night.
    const night = {
      daySlots: [],
      minDurationHours: 1,
      maxDurationHours: 2,
      now: new Date('2027-10-30T12:00:00Z'),
    };
    expect(newSlotProblems({ type: 'private', start: t('00:30'), end: t('02:30') }, night)).toEqual({
      end: 'tooLong',
    });
  });

  it('refuses overlaps with any slot of the boat, except itself when updating', () => {
    const overlapping = {
      type: 'shared' as const,
      start: t('11:00'),
      end: t('13:00'),
      seatsTotal: 5,
      seatPrice: 10,
    };
    expect(newSlotProblems(overlapping, ctx)).toEqual({ start: 'overlaps' });
    expect(
      newSlotProblems(overlapping, { ...ctx, ignoreSlotId: '00000000-0000-4000-8000-000000000013' }),
    ).toEqual({});
    expect(newSlotProblems({ type: 'private', start: t('09:00'), end: t('13:00') }, ctx)).toEqual({
      start: 'overlaps',
    });
  });

  it('needs seats and a non-negative price for a shared slot', () => {
    const shared = { type: 'shared' as const, start: t('13:00'), end: t('14:00') };
    expect(newSlotProblems({ ...shared, seatsTotal: 0, seatPrice: -1 }, ctx)).toEqual({
      seatsTotal: 'seatsRequired',
      seatPrice: 'negativePrice',
    });
    expect(newSlotProblems({ ...shared, seatsTotal: 1, seatPrice: 0 }, ctx)).toEqual({});
    expect(hasSlotProblems({})).toBe(false);
    expect(hasSlotProblems({ end: 'tooLong' })).toBe(true);
  });

  it("refuses more seats than the boat's capacity, exactly at the limit", () => {
    const shared = { type: 'shared' as const, start: t('13:00'), end: t('14:00'), seatPrice: 10 };
    const boat = { ...ctx, capacity: 9 };
    expect(newSlotProblems({ ...shared, seatsTotal: 9 }, boat)).toEqual({});
    expect(newSlotProblems({ ...shared, seatsTotal: 10 }, boat)).toEqual({ seatsTotal: 'aboveCapacity' });
    expect(newSlotProblems({ ...shared, seatsTotal: 100 }, boat)).toEqual({ seatsTotal: 'aboveCapacity' });
  });
});

describe('setRemainingSeats', () => {
  it('clamps remaining to 0..total and derives taken', () => {
    expect(setRemainingSeats({ seatsTotal: 10 }, 7)).toEqual({ seatsTaken: 3 });
    expect(setRemainingSeats({ seatsTotal: 10 }, 11)).toEqual({ seatsTaken: 0 });
    expect(setRemainingSeats({ seatsTotal: 10 }, -1)).toEqual({ seatsTaken: 10 });
    expect(setRemainingSeats({ seatsTotal: 0 }, 3)).toEqual({ seatsTaken: 0 });
  });
});
