import { describe, expect, it } from 'vitest';
import {
  cutoffAt,
  cutoffOfNewTrip,
  cutoffRiskMs,
  isCutoffDue,
  minimumToReach,
  runsPastCutoff,
  tripState,
  type TripFacts,
} from './trip-state';

const START = new Date('2027-06-10T09:00:00Z');
const HOUR = 3_600_000;
const trip = (over: Partial<TripFacts> = {}): TripFacts => ({
  type: 'shared',
  startsAt: START,
  scheduledAt: new Date(START.getTime() - 30 * 24 * HOUR),
  canceled: false,
  seatsTotal: 10,
  seatsTaken: 4,
  seatsHeld: 0,
  occupied: false,
  paidSeats: 4,
  minSeatsToDepart: 6,
  minimumWaived: false,
  cutoffHours: 12,
  ...over,
});

describe('trip state', () => {
  it('names canceled, full, below minimum and on track', () => {
    expect(tripState(trip({ canceled: true, seatsTaken: 10 }))).toBe('canceled');
    expect(tripState(trip({ seatsTaken: 8, seatsHeld: 2 }))).toBe('full');
    expect(tripState(trip())).toBe('below_minimum');
    expect(tripState(trip({ paidSeats: 6 }))).toBe('on_track');
    expect(tripState(trip({ minimumWaived: true }))).toBe('on_track');
    expect(tripState(trip({ minSeatsToDepart: 0 }))).toBe('on_track');
    expect(tripState(trip({ type: 'private', occupied: true }))).toBe('full');
    expect(tripState(trip({ type: 'private', paidSeats: 0 }))).toBe('on_track');
  });
});

describe('minimum-to-depart cutoff', () => {
  it('is due exactly at the cutoff, not a millisecond before, and never once the trip has left', () => {
    expect(cutoffAt(trip()).toISOString()).toBe('2027-06-09T21:00:00.000Z');
    const at = cutoffAt(trip()).getTime();
    expect(isCutoffDue(trip(), new Date(at - 1))).toBe(false);
    expect(isCutoffDue(trip(), new Date(at))).toBe(true);
    expect(isCutoffDue(trip(), new Date(START.getTime() - 1))).toBe(true);
    expect(isCutoffDue(trip(), START)).toBe(false);
  });

  it('leaves waived, full-enough, canceled and charter trips alone', () => {
    const now = new Date(START.getTime() - HOUR);
    expect(isCutoffDue(trip({ minimumWaived: true }), now)).toBe(false);
    expect(isCutoffDue(trip({ paidSeats: 6 }), now)).toBe(false);
    expect(isCutoffDue(trip({ canceled: true }), now)).toBe(false);
    expect(isCutoffDue(trip({ type: 'private' }), now)).toBe(false);
  });

  it('follows the boat’s own cutoff hours and says how long is left while at risk', () => {
    expect(cutoffRiskMs(trip({ cutoffHours: 24 }), new Date(START.getTime() - 30 * HOUR))).toBe(6 * HOUR);
    expect(cutoffRiskMs(trip(), new Date(START.getTime() - 12 * HOUR))).toBeNull();
    expect(cutoffRiskMs(trip({ paidSeats: 7 }), new Date(START.getTime() - 30 * HOUR))).toBeNull();
  });
});

describe('trips without a cutoff', () => {
  it('gives none to a trip scheduled at or after its own cutoff (a last-minute trip)', () => {
    const cutoff = cutoffAt(trip());
    const lastMinute = trip({ scheduledAt: cutoff });
    expect(tripState(lastMinute)).toBe('on_track');
    expect(isCutoffDue(lastMinute, new Date(START.getTime() - HOUR))).toBe(false);
    expect(cutoffRiskMs(lastMinute, new Date(cutoff.getTime() - HOUR))).toBeNull();
    // A millisecond earlier it was scheduled in time, and the cutoff holds.
    expect(isCutoffDue(trip({ scheduledAt: new Date(cutoff.getTime() - 1) }), cutoff)).toBe(true);
  });

  it('gives none on a boat with 0 cutoff hours', () => {
    expect(tripState(trip({ cutoffHours: 0 }))).toBe('on_track');
    expect(isCutoffDue(trip({ cutoffHours: 0 }), new Date(START.getTime() - 1))).toBe(false);
  });

  it('never puts a full trip at risk, even when its seats were taken by hand', () => {
    const full = trip({ seatsTotal: 6, seatsTaken: 6, paidSeats: 2 });
    expect(tripState(full)).toBe('full');
    expect(cutoffRiskMs(full, new Date(START.getTime() - 20 * HOUR))).toBeNull();
    expect(isCutoffDue(full, new Date(START.getTime() - HOUR))).toBe(false);
  });

  it('says before creating whether a new trip will have a cutoff', () => {
    const boat = { minSeatsToDepart: 4, cutoffHours: 12 };
    const now = new Date(START.getTime() - 13 * HOUR);
    expect(cutoffOfNewTrip(START, boat, now)).toEqual({ kind: 'cutoff', at: cutoffAt(trip()) });
    expect(cutoffOfNewTrip(START, boat, new Date(START.getTime() - 12 * HOUR))).toEqual({
      kind: 'last_minute',
    });
    expect(cutoffOfNewTrip(START, { ...boat, minSeatsToDepart: 0 }, now)).toEqual({ kind: 'none' });
    expect(cutoffOfNewTrip(START, { ...boat, cutoffHours: 0 }, now)).toEqual({ kind: 'none' });
  });
});

describe('after paying, the minimum still to reach and the trip that runs', () => {
  const before = new Date(START.getTime() - 13 * HOUR);
  const atCutoff = new Date(START.getTime() - 12 * HOUR);

  it('a trip below its minimum tells its customers until the cutoff, then nothing', () => {
    expect(minimumToReach(trip(), before)).toEqual({ seats: 6, cutoffAt: atCutoff });
    expect(minimumToReach(trip(), atCutoff)).toBeNull();
    expect(minimumToReach(trip({ paidSeats: 6 }), before)).toBeNull();
    expect(minimumToReach(trip({ minimumWaived: true }), before)).toBeNull();
    expect(minimumToReach(trip({ canceled: true }), before)).toBeNull();
    expect(minimumToReach(trip({ type: 'private' }), before)).toBeNull();
  });

  it('runs past the cutoff when it reached its minimum, was waived or sold out; not before, not below, not gone', () => {
    expect(runsPastCutoff(trip({ paidSeats: 6 }), atCutoff)).toBe(true);
    expect(runsPastCutoff(trip({ minimumWaived: true }), atCutoff)).toBe(true);
    expect(runsPastCutoff(trip({ seatsTaken: 10 }), atCutoff)).toBe(true);
    expect(runsPastCutoff(trip({ paidSeats: 6 }), before)).toBe(false);
    expect(runsPastCutoff(trip(), atCutoff)).toBe(false);
    expect(runsPastCutoff(trip({ paidSeats: 6 }), START)).toBe(false);
    expect(runsPastCutoff(trip({ paidSeats: 6, canceled: true }), atCutoff)).toBe(false);
    expect(runsPastCutoff(trip({ paidSeats: 6, cutoffHours: 0 }), atCutoff)).toBe(false);
  });
});
