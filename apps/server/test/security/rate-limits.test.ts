// Abuse limits a script meets: sign-in guessing, contact-form spam, and unpaid holds that would
// block a whole trip. Each limit binds one address (or one account) and leaves others alone.
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/test-app';
import { createBoat, createSlot, HOUR, sharedRequest } from '../api/checkout-fixtures';

describe('rate limits', async () => {
  const t = await buildTestApp({ template: 'empty' });

  it('locks an account after 10 failed sign-ins, from whatever addresses they come', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/user/auth',
        remoteAddress: `10.1.0.${i + 1}`,
        payload: { email: 'victim@example.com', password: `guess-${i}-wrong`, remember: false },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Another account is not locked by it.
    const other = await t.app.inject({
      method: 'POST',
      url: '/user/auth',
      remoteAddress: '10.1.0.99',
      payload: { email: 'someone-else@example.com', password: 'wrong-password', remember: false },
    });
    expect(other.statusCode).toBe(401);
  });

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
    const boat = await createBoat(t.ctx.db, { sharedMinSeatsToDepart: 0 });
    const slot = await createSlot(t.ctx.db, boat.id, {
      type: 'shared',
      start: new Date(Date.now() + 30 * 24 * HOUR),
      hours: 2,
      seatsTotal: 50,
      seatPriceCents: 2500,
    });
    const limit = t.ctx.config.MAX_LIVE_HOLDS_PER_IP;
    const hold = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/boat/payment-intent',
        remoteAddress: ip,
        payload: sharedRequest(boat.id, slot, { adults: 1, children50: 0, kidsFree: 0 }),
      });
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) statuses.push((await hold('10.3.0.1')).statusCode);
    expect(statuses).toEqual([...Array(limit).fill(200), 429]);
    // The trip itself is not blocked for everyone else.
    expect((await hold('10.3.0.2')).statusCode).toBe(200);
  });
});
