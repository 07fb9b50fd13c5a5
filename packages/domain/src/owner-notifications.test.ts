import { describe, expect, it } from 'vitest';
import { latestDigestAt, ownerNotificationOf } from './owner-notifications';
import { OWNER_SUSPENDED_CAUSE } from './schemas/upcoming-bookings';

const changed = (payload: Record<string, unknown>) => ({
  id: 7,
  kind: 'booking.status_changed',
  bookingId: 'b',
  payload: { actor: 'customer', params: {}, ...payload },
});

describe('ownerNotificationOf', () => {
  it('tells a sale, by card or an accepted request, but not the hold or the request itself', () => {
    expect(ownerNotificationOf(changed({ from: 'pending', to: 'paid', code: 'payment_succeeded' }))).toEqual({
      kind: 'new_booking',
      key: 'event:7',
      actor: 'customer',
    });
    expect(
      ownerNotificationOf(changed({ from: 'requested', to: 'paid', code: 'request_accepted' }))?.kind,
    ).toBe('new_booking');
    expect(
      ownerNotificationOf(changed({ from: 'pending', to: 'requested', code: 'payment_authorized' })),
    ).toBeNull();
    expect(ownerNotificationOf(changed({ from: null, to: 'pending', code: 'checkout_started' }))).toBeNull();
  });

  it('tells a sold booking canceled, not a hold that lapsed', () => {
    expect(
      ownerNotificationOf(changed({ from: 'paid', to: 'canceled', code: 'customer_canceled' }))?.kind,
    ).toBe('canceled');
    expect(
      ownerNotificationOf(changed({ from: 'confirmed', to: 'canceled', code: 'operator_canceled' }))?.kind,
    ).toBe('canceled');
    expect(
      ownerNotificationOf(changed({ from: 'pending', to: 'canceled', code: 'hold_expired' })),
    ).toBeNull();
  });

  it('tells nothing of a suspension’s cancellations and refunds: the suspension’s one e-mail lists them', () => {
    expect(
      ownerNotificationOf(
        changed({
          from: 'paid',
          to: 'canceled',
          code: 'operator_canceled',
          params: { cause: OWNER_SUSPENDED_CAUSE },
        }),
      ),
    ).toBeNull();
    expect(
      ownerNotificationOf({
        id: 8,
        kind: 'refund.succeeded',
        bookingId: 'b',
        payload: { actor: 'admin@example.com', cause: OWNER_SUSPENDED_CAUSE },
      }),
    ).toBeNull();
  });

  it('tells a move, a lapsed request, and a canceled trip once per trip', () => {
    expect(ownerNotificationOf(changed({ from: 'paid', to: 'paid', code: 'rescheduled' }))?.kind).toBe(
      'moved',
    );
    expect(ownerNotificationOf(changed({ from: 'canceled', to: 'paid', code: 'trip_moved' }))?.kind).toBe(
      'moved',
    );
    expect(
      ownerNotificationOf(changed({ from: 'requested', to: 'canceled', code: 'request_expired' }))?.kind,
    ).toBe('request_lapsed');
    expect(
      ownerNotificationOf(changed({ from: 'requested', to: 'canceled', code: 'request_declined' })),
    ).toBeNull();
    expect(
      ownerNotificationOf(changed({ from: 'paid', to: 'canceled', code: 'trip_canceled' }), 'slot-1'),
    ).toEqual({
      kind: 'trip_canceled',
      key: 'trip:slot-1',
      actor: 'customer',
    });
  });

  it('tells the operator’s refund, not one told with its cancellation or move, nor a late payment’s', () => {
    const refund = (cause: string) => ({
      id: 9,
      kind: 'refund.succeeded',
      bookingId: 'b',
      payload: { cause, actor: 'ops@example.com', amountCents: 100 },
    });
    expect(ownerNotificationOf(refund('operator'))).toEqual({
      kind: 'refunded',
      key: 'event:9',
      actor: 'ops@example.com',
    });
    expect(ownerNotificationOf(refund('late_payment'))).toBeNull();
    for (const cause of ['released', 'customer_policy', 'weather', 'minimum', 'trip_change', 'reschedule'])
      expect(ownerNotificationOf(refund(cause))).toBeNull();
  });
});

describe('latestDigestAt', () => {
  it('is today at 19:00 Canary time once it has passed, else yesterday’s (summer and winter)', () => {
    // Winter: Canary time is UTC.
    expect(latestDigestAt(new Date('2026-01-15T19:00:00Z')).toISOString()).toBe('2026-01-15T19:00:00.000Z');
    expect(latestDigestAt(new Date('2026-01-15T18:59:59Z')).toISOString()).toBe('2026-01-14T19:00:00.000Z');
    // Summer: UTC+1, so 19:00 Canary is 18:00 UTC.
    expect(latestDigestAt(new Date('2026-07-15T18:30:00Z')).toISOString()).toBe('2026-07-15T18:00:00.000Z');
    expect(latestDigestAt(new Date('2026-07-15T00:30:00Z')).toISOString()).toBe('2026-07-14T18:00:00.000Z');
  });
});
