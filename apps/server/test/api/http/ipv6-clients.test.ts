// Issue 23.4: an IPv6 client picks any address of its /64, so the per-client limits count the
// /64 as one client (http/client-key.ts), here behind a proxy (TRUST_PROXY, X-Forwarded-For)
// as in production. Failed sign-ins from one /64: test/security/sign-in-limits.test.ts.
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createSlot, HOUR, sharedRequest } from '../../helpers/checkout-fixtures';

const PROXY = '10.0.0.1';
/** The n-th address of one /64, written the many ways a client may pick. */
const inOne64 = (n: number) =>
  `2001:db8:77:1:${((n * 7919) % 0x10000).toString(16)}:${n.toString(16)}:a:${n + 1}`;

describe('IPv6 clients behind the proxy', async () => {
  // The seat limits at their production defaults; enough checkouts per client that the share of
  // one trip is the limit met.
  const t = await buildTestApp({
    template: 'empty',
    env: {
      TRUST_PROXY: 'true',
      MAX_HELD_SEATS_PER_TRIP: '12',
      MAX_HELD_SHARE_PER_TRIP_PERCENT: '70',
      MAX_LIVE_HOLDS_PER_IP: '20',
    },
  });

  it('holds at most the per-client share of a trip from ten addresses of one /64', async () => {
    const boat = await createBoat(t.ctx.db, { sharedMinSeatsToDepart: 0 });
    const slot = await createSlot(t.ctx.db, boat.id, {
      type: 'shared',
      start: new Date(Date.now() + 30 * 24 * HOUR),
      hours: 2,
      seatsTotal: 10,
      seatPriceCents: 2500,
    });
    const holdOneSeat = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/boat/payment-intent',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': address },
        payload: sharedRequest(boat.id, slot, { adults: 1, children50: 0, kidsFree: 0 }),
      });

    const answers = [];
    for (let n = 0; n < 10; n++) answers.push(await holdOneSeat(inOne64(n)));
    // 70 % of 10 seats: 7 held, the other three refused, naming the limit.
    expect(answers.map((a) => a.statusCode)).toEqual([...Array(7).fill(200), 429, 429, 429]);
    expect(answers[9]?.json().message).toMatch(/at most 7 seats/);

    // Another /64 (another home) still finds the three seats left.
    expect((await holdOneSeat('2001:db8:77:2::1')).statusCode).toBe(200);
    expect((await holdOneSeat('2001:db8:77:2::2')).statusCode).toBe(200);
    expect((await holdOneSeat('198.51.100.4')).statusCode).toBe(200);
  });

  it('counts contact messages per /64', async () => {
    const send = (address: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/messages/messages',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': address },
        payload: { name: `Visitor ${n}`, email: `v${n}@example.com`, source: 'landing' },
      });
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await send(inOne64(200 + n), n)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await send('2001:db8:79:1::1', 7)).statusCode).toBe(200);
  });
});
