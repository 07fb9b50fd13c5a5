import { describe, expect, it } from 'vitest';
import {
  BOOKING_STATUSES,
  OCCUPYING_STATUSES,
  REVENUE_STATUSES,
  TransitionError,
  adminActionsFor,
  assertTransition,
  canTransition,
  isBookingStatus,
  isRevenueStatus,
} from './booking-status';
import type { BookingStatus } from './booking-status';

const allowed: [BookingStatus, BookingStatus][] = [
  ['pending', 'requested'],
  ['requested', 'paid'],
  ['requested', 'canceled'],
  ['pending', 'paid'],
  ['pending', 'canceled'],
  ['paid', 'confirmed'],
  ['paid', 'canceled'],
  ['confirmed', 'canceled'],
  ['canceled', 'refunded'],
  ['paid', 'completed'],
  ['confirmed', 'completed'],
];

describe('transitions', () => {
  it('allows exactly the decided transitions and refuses every other pair', () => {
    for (const from of BOOKING_STATUSES) {
      for (const to of BOOKING_STATUSES) {
        const expected = allowed.some(([f, t]) => f === from && t === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(expected);
      }
    }
  });

  it('throws a typed 409 error', () => {
    expect(() => {
      assertTransition('paid', 'confirmed');
    }).not.toThrow();
    try {
      assertTransition('pending', 'refunded');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TransitionError);
      const e = error as TransitionError;
      expect([e.code, e.httpStatus, e.from, e.to]).toEqual(['invalidTransition', 409, 'pending', 'refunded']);
    }
  });

  it('recognises status strings', () => {
    expect(isBookingStatus('paid')).toBe(true);
    expect(isBookingStatus('cancelled')).toBe(false);
    expect(isBookingStatus(undefined)).toBe(false);
  });
});

describe('adminActionsFor', () => {
  it('offers confirm only when paid, cancel when pending/paid/confirmed, refund only when canceled', () => {
    expect(adminActionsFor('pending')).toEqual(['cancel']);
    expect(adminActionsFor('paid')).toEqual(['confirm', 'cancel']);
    expect(adminActionsFor('confirmed')).toEqual(['cancel']);
    expect(adminActionsFor('canceled')).toEqual(['refund']);
    expect(adminActionsFor('completed')).toEqual([]);
    expect(adminActionsFor('refunded')).toEqual([]);
  });

  it('offers a request none of the admin actions: its owner accepts or declines it', () => {
    expect(adminActionsFor('requested')).toEqual([]);
  });

  it('keeps a request on its seats until it is decided, without counting it as revenue', () => {
    expect(OCCUPYING_STATUSES).toContain('requested');
    expect(isRevenueStatus('requested')).toBe(false);
    expect(OCCUPYING_STATUSES).not.toContain('canceled');
  });
});

describe('status groups', () => {
  it('counts revenue from paid, confirmed and completed only', () => {
    expect([...REVENUE_STATUSES]).toEqual(['paid', 'confirmed', 'completed']);
    expect(isRevenueStatus('pending')).toBe(false);
    expect(isRevenueStatus('refunded')).toBe(false);
  });
});
