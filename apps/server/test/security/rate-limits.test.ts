// Abuse limits a script meets: contact-form spam and unpaid holds that would block a whole trip
// (sign-in guessing: sign-in-limits.test.ts). Each limit binds one address and leaves others alone.
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/test-app';
import { createBoat, createSlot, HOUR, sharedRequest, bookingUrl } from '../helpers/checkout-fixtures';

describe('rate limits', async () => {
  // The seat limits at their production defaults (the API tests' config lifts them).
  const t = await buildTestApp({
    template: 'empty',
    env: { MAX_HELD_SEATS_PER_TRIP: '12', MAX_HELD_SHARE_PER_TRIP_PERCENT: '70' },
  });

  /** A shared trip of its own, `days` ahead, and a checkout on it from one address. */
  async function tripWithHolds(days: number, seatsTotal: number) {
    const boat = await createBoat(t.ctx.db, { sharedMinSeatsToDepart: 0 });
    const slot = await createSlot(t.ctx.db, boat.id, {
      type: 'shared',
      start: new Date(Date.now() + days * 24 * HOUR),
      hours: 2,
      seatsTotal,
      seatPriceCents: 2500,
    });
    return (ip: string, adults = 1) =>
      t.app.inject({
        method: 'POST',
        url: '/api/boat/payment-intent',
        remoteAddress: ip,
        payload: sharedRequest(boat.id, slot, { adults, children50: 0, kidsFree: 0 }),
      });
  }

  it('takes 5 contact messages per address in 10 minutes, then answers 429', async () => {
    const send = (ip: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/messages/messages',
        remoteAddress: ip,
        payload: { name: `Spammer ${n}`, email: 'spam@example.com', source: 'landing' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send('10.2.0.1', i)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await send('10.2.0.2', 7)).statusCode).toBe(200);
  });

  it('lets one address hold at most MAX_LIVE_HOLDS_PER_IP unpaid bookings at a time', async () => {
    const hold = await tripWithHolds(30, 50);
    const limit = t.ctx.config.MAX_LIVE_HOLDS_PER_IP;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) statuses.push((await hold('10.3.0.1')).statusCode);
    expect(statuses).toEqual([...Array(limit).fill(200), 429]);
    // The trip itself is not blocked for everyone else.
    expect((await hold('10.3.0.2')).statusCode).toBe(200);
  });

  it('lets one address hold at most its share of a trip; released and expired holds stop counting', async () => {
    const hold = await tripWithHolds(31, 10);
    // 70 % of 10 seats (MAX_HELD_SHARE_PER_TRIP_PERCENT) = 7, below MAX_HELD_SEATS_PER_TRIP (12).
    // The attack run: one address asking for every seat in one go, then in pieces.
    const all = await hold('10.3.1.1', 10);
    expect(all.statusCode).toBe(429);
    expect(all.json().message).toMatch(/at most 7 seats/);
    const first = await hold('10.3.1.1', 4);
    expect(first.statusCode).toBe(200);
    expect((await hold('10.3.1.1', 3)).statusCode).toBe(200);
    expect((await hold('10.3.1.1', 1)).statusCode).toBe(429);
    // Everybody else still finds the other 3 seats.
    expect((await hold('10.3.1.2', 3)).statusCode).toBe(200);

    // Giving a hold up frees the client's share at once.
    const released = await t.app.inject({
      method: 'POST',
      url: bookingUrl(t.ctx, first.json().bookingId, '/release'),
      remoteAddress: '10.3.1.1',
    });
    expect(released.statusCode).toBe(200);
    expect((await hold('10.3.1.1', 4)).statusCode).toBe(200);

    // A lapsed hold does not count either (the app's clock moves past HOLD_MINUTES).
    t.setNow(new Date(Date.now() + (t.ctx.config.HOLD_MINUTES + 1) * 60_000));
    expect((await hold('10.3.1.1', 7)).statusCode).toBe(200);
    t.setNow(undefined);
  });
  it('holds nobody follows up block a trip for HOLD_MINUTES_BEFORE_CONTACT only, and cannot be renewed', async () => {
    const hold = await tripWithHolds(32, 10);
    const start = Date.now();
    const at = (minutes: number) => t.setNow(new Date(start + minutes * 60_000));
    const giveContact = (bookingId: string) =>
      t.app.inject({
        method: 'POST',
        url: bookingUrl(t.ctx, bookingId, '/customer'),
        remoteAddress: '10.3.2.1',
        payload: { customer: { name: 'Blocker', email: 'blocker@example.com' } },
      });
    at(0);
    // The attack run: the most one address may hold, never going on to the card.
    const blocking = await hold('10.3.2.1', 7);
    expect(blocking.statusCode).toBe(200);
    expect((await hold('10.3.2.2', 4)).statusCode).toBe(409);
    // Five minutes later (not fifteen) a real customer finds the seats.
    at(t.ctx.config.HOLD_MINUTES_BEFORE_CONTACT);
    const customer = await hold('10.3.2.2', 4);
    expect(customer.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: bookingUrl(t.ctx, customer.json().bookingId, '/release') });

    // Contact details lengthen a hold to HOLD_MINUTES from its start, and no further, however
    // often they are sent; a lapsed hold is not revived by them.
    const second = await hold('10.3.2.1', 7);
    expect(second.statusCode).toBe(200);
    const id = second.json().bookingId as string;
    const fullEnd = new Date(
      start + (t.ctx.config.HOLD_MINUTES_BEFORE_CONTACT + t.ctx.config.HOLD_MINUTES) * 60_000,
    );
    for (const minute of [1, 6, 12, 14]) {
      at(t.ctx.config.HOLD_MINUTES_BEFORE_CONTACT + minute);
      expect((await giveContact(id)).json().booking.holdExpiresAt).toBe(fullEnd.toISOString());
    }
    at(t.ctx.config.HOLD_MINUTES_BEFORE_CONTACT + t.ctx.config.HOLD_MINUTES);
    expect((await giveContact(id)).json().booking.holdExpiresAt).toBe(fullEnd.toISOString());
    expect((await hold('10.3.2.2', 7)).statusCode).toBe(200);
    t.setNow(undefined);
  });
});
