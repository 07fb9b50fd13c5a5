import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RESCHEDULE_POLICY,
  effectiveReschedulePolicy,
  rescheduleEligibility,
  rescheduleQuote,
  type RescheduleBooking,
} from './reschedule-policy';

const HOUR = 3_600_000;
const DEPARTURE = new Date('2027-07-10T09:00:00Z');
const booking = (over: Partial<RescheduleBooking> = {}): RescheduleBooking => ({
  status: 'paid',
  startsAt: DEPARTURE,
  timesMoved: 0,
  paidWith: ['card'],
  ...over,
});
const policy = { allowed: true, hoursBefore: 24, maxTimes: 2, feeCents: 1000 };

describe('rescheduleEligibility', () => {
  it('allows a move up to exactly hoursBefore before departure, not a millisecond later', () => {
    const limit = new Date(DEPARTURE.getTime() - 24 * HOUR);
    expect(rescheduleEligibility(policy, booking(), limit)).toEqual({
      ok: true,
      closesAt: limit,
      timesLeft: 2,
    });
    expect(rescheduleEligibility(policy, booking(), new Date(limit.getTime() + 1))).toEqual({
      ok: false,
      reason: 'too_late',
      closesAt: limit,
    });
  });

  it('counts the moves already made against maxTimes', () => {
    const now = new Date(DEPARTURE.getTime() - 72 * HOUR);
    expect(rescheduleEligibility(policy, booking({ timesMoved: 1 }), now)).toMatchObject({
      ok: true,
      timesLeft: 1,
    });
    expect(rescheduleEligibility(policy, booking({ timesMoved: 2 }), now)).toMatchObject({
      ok: false,
      reason: 'limit_reached',
    });
  });

  it('names why a booking cannot be moved by its customer', () => {
    const now = new Date(DEPARTURE.getTime() - 72 * HOUR);
    const why = (b: Partial<RescheduleBooking>, p = policy) => rescheduleEligibility(p, booking(b), now);
    expect(why({}, { ...policy, allowed: false })).toMatchObject({ reason: 'not_allowed' });
    expect(why({ status: 'requested' })).toMatchObject({ reason: 'not_upcoming' });
    expect(why({ status: 'canceled' })).toMatchObject({ reason: 'not_upcoming' });
    // A charter follows the same policy (another start and length: the server's offers).
    expect(why({ status: 'confirmed' })).toMatchObject({ ok: true });
    expect(why({ paidWith: ['card', 'cash'] })).toMatchObject({ reason: 'paid_elsewhere' });
    expect(why({ paidWith: ['voucher', 'card'], status: 'confirmed' })).toMatchObject({ ok: true });
  });

  it('follows the site default when the boat has no policy of its own', () => {
    expect(effectiveReschedulePolicy(null)).toEqual(DEFAULT_RESCHEDULE_POLICY);
    const now = new Date(DEPARTURE.getTime() - 48 * HOUR);
    expect(rescheduleEligibility(effectiveReschedulePolicy(null), booking(), now)).toMatchObject({
      ok: true,
    });
  });
});

describe('rescheduleQuote', () => {
  const quote = (over: Partial<Parameters<typeof rescheduleQuote>[0]>) =>
    rescheduleQuote({ tripCents: 0, extrasCents: 0, discountCents: 0, feeCents: 0, heldCents: 0, ...over });

  it('adds the kept extras and the fee to the new trip, and compares with what is held', () => {
    expect(quote({ tripCents: 10_000, extrasCents: 3_500, feeCents: 1_000, heldCents: 12_000 })).toEqual({
      newTotalCents: 14_500,
      differenceCents: 2_500,
    });
    expect(quote({ tripCents: 8_000, heldCents: 10_000 })).toEqual({
      newTotalCents: 8_000,
      differenceCents: -2_000,
    });
  });

  it('keeps the promo code’s discount as the same amount, never below a free trip, the fee on top', () => {
    expect(quote({ tripCents: 10_000, discountCents: 1_000, heldCents: 9_000 })).toEqual({
      newTotalCents: 9_000,
      differenceCents: 0,
    });
    expect(quote({ tripCents: 500, discountCents: 1_000, feeCents: 200, heldCents: 9_000 })).toEqual({
      newTotalCents: 200,
      differenceCents: -8_800,
    });
  });
});
