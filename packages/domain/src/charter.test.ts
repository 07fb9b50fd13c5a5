import { describe, expect, it } from 'vitest';
import { canaryInstant } from './canary-time';
import {
  DEFAULT_DURATION_HOURS,
  charterChain,
  charterDurationRange,
  charterEnd,
  charterMaxHours,
  chainHours,
  defaultDuration,
  isDurationInRange,
  slotsForDuration,
} from './charter';
import type { ChainSlot } from './charter';

/** An hour-long private slot starting at a Canary wall time. */
function slot(
  id: string,
  day: string,
  start: string,
  end: string,
  extra: Partial<ChainSlot> = {},
): ChainSlot {
  return {
    _id: id,
    start: canaryInstant(day, start).toISOString(),
    end: canaryInstant(day, end).toISOString(),
    isOpen: true,
    ...extra,
  };
}

const day = '2027-06-10';
const ids = (slots: ChainSlot[]) => slots.map((s) => s._id);

describe('charterChain', () => {
  const slots = [
    slot('c', day, '12:00', '13:00'),
    slot('a', day, '10:00', '11:00'),
    slot('b', day, '11:00', '12:00'),
    // gap 13:00–14:00
    slot('d', day, '14:00', '15:00'),
  ];

  it('follows contiguous slots in time order whatever the input order', () => {
    expect(ids(charterChain(slots, 'a'))).toEqual(['a', 'b', 'c']);
    expect(ids(charterChain(slots, 'b'))).toEqual(['b', 'c']);
  });

  it('stops at a gap', () => {
    expect(ids(charterChain(slots, 'c'))).toEqual(['c']);
    expect(ids(charterChain(slots, 'd'))).toEqual(['d']);
  });

  it('stops at a closed or taken slot', () => {
    const closed = slots.map((s) => (s._id === 'b' ? { ...s, isOpen: false } : s));
    expect(ids(charterChain(closed, 'a'))).toEqual(['a']);
    const taken = slots.map((s) => (s._id === 'c' ? { ...s, available: false } : s));
    expect(ids(charterChain(taken, 'a'))).toEqual(['a', 'b']);
  });

  it('is empty when the start slot is unknown, closed or taken', () => {
    const a = slot('a', day, '10:00', '11:00');
    expect(charterChain(slots, 'zzz')).toEqual([]);
    expect(charterChain([{ ...a, isOpen: false }], 'a')).toEqual([]);
    expect(charterChain([{ ...a, available: false }], 'a')).toEqual([]);
  });

  it('does not chain a slot that starts a millisecond late', () => {
    const late = [
      slot('a', day, '10:00', '11:00'),
      { ...slot('b', day, '11:00', '12:00'), start: '2027-06-10T10:00:00.001Z' },
    ];
    expect(ids(charterChain(late, 'a'))).toEqual(['a']);
  });

  it('ignores zero-length slots instead of looping', () => {
    const odd = [
      slot('a', day, '10:00', '11:00'),
      slot('z', day, '11:00', '11:00'),
      slot('b', day, '11:00', '12:00'),
    ];
    expect(ids(charterChain(odd, 'a'))).toEqual(['a', 'b']);
  });

  it('chains across the repeated hour on 2027-10-31', () => {
    // 00:00, 01:00 (summer), 01:00 (winter), 02:00 — four real hours.
    const utc = (h: number) => new Date(Date.UTC(2027, 9, 30, 23 + h)).toISOString();
    const night = [0, 1, 2, 3].map((h) => ({
      _id: `h${String(h)}`,
      start: utc(h),
      end: utc(h + 1),
      isOpen: true,
    }));
    const chain = charterChain(night, 'h0');
    expect(ids(chain)).toEqual(['h0', 'h1', 'h2', 'h3']);
    expect(chainHours(chain)).toBe(4);
  });

  it('chains across the skipped hour on 2027-03-28', () => {
    const night = [slot('a', '2027-03-28', '00:00', '02:00'), slot('b', '2027-03-28', '02:00', '03:00')];
    const chain = charterChain(night, 'a');
    expect(ids(chain)).toEqual(['a', 'b']);
    expect(chainHours(chain)).toBe(2); // 00:00 → 03:00 wall clock is two real hours
  });
});

describe('charterMaxHours and charterDurationRange', () => {
  const run = ['09', '10', '11', '12', '13'].map((h, i) =>
    slot(`s${String(i)}`, day, `${h}:00`, `${String(Number(h) + 1).padStart(2, '0')}:00`),
  );

  it('caps the chain by the boat maximum', () => {
    expect(charterMaxHours(charterChain(run, 's0'), 8)).toBe(5);
    expect(charterMaxHours(charterChain(run, 's0'), 3)).toBe(3);
    expect(charterMaxHours(charterChain(run, 's0'))).toBe(5);
    expect(charterMaxHours([], 8)).toBe(0);
  });

  it('counts whole hours only', () => {
    const halves = [slot('a', day, '10:00', '10:30'), slot('b', day, '10:30', '12:00')];
    expect(charterMaxHours(charterChain(halves, 'a'), 8)).toBe(2);
    expect(charterMaxHours(charterChain(halves, 'b'), 8)).toBe(1);
  });

  it('runs from the boat minimum to the smaller of chain and maximum', () => {
    expect(charterDurationRange({ minDurationHours: 2, maxDurationHours: 8 }, run, 's0')).toEqual({
      min: 2,
      max: 5,
    });
    expect(charterDurationRange({ minDurationHours: 2, maxDurationHours: 4 }, run, 's0')).toEqual({
      min: 2,
      max: 4,
    });
    expect(charterDurationRange({}, run, 's4')).toEqual({ min: 1, max: 1 });
  });

  it('is fixed when the chain is exactly the minimum, null when shorter', () => {
    expect(charterDurationRange({ minDurationHours: 2, maxDurationHours: 8 }, run, 's3')).toEqual({
      min: 2,
      max: 2,
    });
    expect(charterDurationRange({ minDurationHours: 2, maxDurationHours: 8 }, run, 's4')).toBeNull();
    expect(charterDurationRange({ minDurationHours: 2, maxDurationHours: 8 }, run, 'missing')).toBeNull();
  });

  it('stops the range at a gap', () => {
    const gapped = run.filter((s) => s._id !== 's2');
    expect(charterDurationRange({ minDurationHours: 1, maxDurationHours: 8 }, gapped, 's0')).toEqual({
      min: 1,
      max: 2,
    });
  });

  it('places the default 2 h inside the range', () => {
    expect(DEFAULT_DURATION_HOURS).toBe(2);
    expect(defaultDuration({ min: 1, max: 8 })).toBe(2);
    expect(defaultDuration({ min: 3, max: 8 })).toBe(3);
    expect(defaultDuration({ min: 1, max: 1 })).toBe(1);
  });

  it('checks a chosen duration against the range', () => {
    expect(isDurationInRange(2, { min: 2, max: 4 })).toBe(true);
    expect(isDurationInRange(4, { min: 2, max: 4 })).toBe(true);
    expect(isDurationInRange(5, { min: 2, max: 4 })).toBe(false);
    expect(isDurationInRange(1, { min: 2, max: 4 })).toBe(false);
    expect(isDurationInRange(2.5, { min: 2, max: 4 })).toBe(false);
    expect(isDurationInRange(2, null)).toBe(false);
  });
});

describe('slotsForDuration', () => {
  const hourly = [
    slot('a', day, '10:00', '11:00'),
    slot('b', day, '11:00', '12:00'),
    slot('c', day, '12:00', '13:00'),
  ];

  it('takes the first slots that make up the hours', () => {
    expect(ids(slotsForDuration(hourly, 1))).toEqual(['a']);
    expect(ids(slotsForDuration(hourly, 2))).toEqual(['a', 'b']);
    expect(ids(slotsForDuration(hourly, 3))).toEqual(['a', 'b', 'c']);
  });

  it('is empty when the chain is too short or hours is not positive', () => {
    expect(slotsForDuration(hourly, 4)).toEqual([]);
    expect(slotsForDuration(hourly, 0)).toEqual([]);
    expect(slotsForDuration([], 1)).toEqual([]);
  });

  it('occupies a longer last slot as a whole while the booking ends on the hour', () => {
    const long = [slot('a', day, '10:00', '11:00'), slot('b', day, '11:00', '14:00')];
    expect(ids(slotsForDuration(long, 2))).toEqual(['a', 'b']);
    expect(charterEnd(long, 2)?.toISOString()).toBe(canaryInstant(day, '12:00').toISOString());
    expect(charterEnd([], 2)).toBeNull();
  });
});
