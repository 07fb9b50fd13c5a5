// One inventory under real concurrency (PostgreSQL, parallel connections): resellers' OCTO
// reservations through two keys, agents' cash sales and the site's checkouts race for the last
// seats of one trip. The trip's row lock decides; no seat is held or sold twice, and every loser
// is told why.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, tickets } from '../../src/db/schema';
import { signAccessToken } from '../../src/modules/auth/access-token';
import { bearer, tokenFor } from '../helpers/admin-token';
import { buildTestApp } from '../helpers/test-app';
import { createBoat, createSlot, sharedRequest } from '../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = new Date('2027-06-10T09:00:00Z');

describe('resellers, agents and the site race for the last seats (PostgreSQL)', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW, env: { MAX_LIVE_HOLDS_PER_IP: '1000' } });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const boat = await createBoat(db, { capacity: 40 });

  async function resellerKey(name: string): Promise<string> {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/resellers',
      headers: admin,
      payload: {
        name,
        contactName: 'Desk',
        contactEmail: 'desk@reseller.example',
        commissionPercent: 20,
        cancellation: 'boat_policy',
        boats: { allOptedIn: true, boatIds: [] },
      },
    });
    const id = created.json<{ reseller: { _id: string } }>().reseller._id;
    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${id}/keys`,
      headers: admin,
      payload: { label: 'race' },
    });
    return issued.json<{ secret: string }>().secret;
  }
  const keys = [await resellerKey('Reseller One'), await resellerKey('Reseller Two')];

  async function agentHeaders(name: string): Promise<Record<string, string>> {
    const email = `${name.toLowerCase().replaceAll(' ', '.')}@agents.example`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/agents',
      headers: admin,
      payload: { name, email, password: 'a-long-agent-password', commissionPercent: 10 },
    });
    const id = created.json<{ agent: { _id: string } }>().agent._id;
    const token = await signAccessToken(
      { id, email, role: 'agent', sessionId: randomUUID(), ownerId: null },
      t.ctx.config.jwtSecret,
      NOW,
    );
    return bearer(token);
  }
  const agents = [await agentHeaders('Hotel Desk'), await agentHeaders('Harbour Kiosk')];

  it('30 reservations through two keys, 10 agent sales and 20 site checkouts for the last 12 seats: 12 taken, none twice', async () => {
    const trip = await createSlot(db, boat.id, {
      type: 'shared',
      start: DAY,
      hours: 2,
      seatsTotal: 32,
      seatsTaken: 20,
      seatPriceCents: 2500,
    });
    const reservation = {
      productId: boat.id,
      optionId: 'DEFAULT',
      availabilityId: trip.id,
      unitItems: [{ unitId: 'adult' }],
    };
    const site = sharedRequest(boat.id, trip, { adults: 1, children50: 0, kidsFree: 0 });
    const reserve = (key: string) => () =>
      t.app.inject({
        method: 'POST',
        url: '/octo/bookings',
        headers: { authorization: `Bearer ${key}` },
        payload: reservation,
      });
    const checkout = () => t.app.inject({ method: 'POST', url: '/api/boat/payment-intent', payload: site });
    const sell = (headers: Record<string, string>, i: number) => () =>
      t.app.inject({
        method: 'POST',
        url: `/api/agent/trips/${trip.id}/bookings`,
        headers,
        payload: {
          passengers: { adults: 1, children50: 0, kidsFree: 0 },
          customer: { name: `Walk-up ${i}`, phone: '+34600000000' },
          language: 'en',
          payment: { method: 'cash' },
        },
      });
    type Call = {
      channel: 'octo' | 'agent' | 'site';
      key: string | null;
      send: () => ReturnType<typeof checkout>;
    };
    const octoCalls: Call[] = Array.from({ length: 30 }, (_, i) => ({
      channel: 'octo',
      key: keys[i % 2]!,
      send: reserve(keys[i % 2]!),
    }));
    const agentCalls: Call[] = Array.from({ length: 10 }, (_, i) => ({
      channel: 'agent',
      key: null,
      send: sell(agents[i % 2]!, i),
    }));
    const siteCalls: Call[] = Array.from({ length: 20 }, () => ({
      channel: 'site',
      key: null,
      send: checkout,
    }));
    // Interleaved, all at once.
    const calls = octoCalls.flatMap((call, i) =>
      [call, siteCalls[i], agentCalls[i]].filter((c) => c !== undefined),
    );
    const answers = await Promise.all(
      calls.map(async (c) => ({ key: c.key, channel: c.channel, res: await c.send() })),
    );

    const won = answers.filter((a) => a.res.statusCode === 200 || a.res.statusCode === 201);
    expect(won).toHaveLength(12);
    for (const lost of answers.filter((a) => a.res.statusCode >= 300)) {
      if (lost.channel === 'octo') {
        expect(lost.res.statusCode).toBe(400);
        expect(lost.res.json()).toMatchObject({ error: 'UNPROCESSABLE_ENTITY' });
        expect(lost.res.json<{ errorMessage: string }>().errorMessage).toMatch(/sold out|seats? left/);
      } else {
        expect(lost.res.statusCode, `${lost.channel}: ${lost.res.body}`).toBe(409);
        expect(lost.res.json<{ message: string }>().message).toMatch(/sold out|seats? left/);
      }
    }
    // Held (reservations, checkouts) and sold (the agents' cash sales): 12 seats in all.
    const [taken] = await db
      .select({ seats: sql<number>`coalesce(sum(${bookings.seats}), 0)::int` })
      .from(bookings)
      .where(and(eq(bookings.slotId, trip.id), inArray(bookings.status, ['pending', 'paid'])));
    expect(taken?.seats).toBe(12);
    const agentWins = won.filter((w) => w.channel === 'agent');

    // The resellers confirm their holds, all at once, each with the key that made it: each sold
    // once, seat numbers never shared.
    const octoWins = won.filter((w) => w.channel === 'octo');
    const confirmed = await Promise.all(
      octoWins.map((w, i) =>
        t.app.inject({
          method: 'POST',
          url: `/octo/bookings/${w.res.json<{ uuid: string }>().uuid}/confirm`,
          headers: { authorization: `Bearer ${w.key!}` },
          payload: { contact: { fullName: `Guest ${i}` } },
        }),
      ),
    );
    expect(confirmed.map((r) => r.json<{ status: string }>().status)).toEqual(
      octoWins.map(() => 'CONFIRMED'),
    );
    const ids = [
      ...octoWins.map((w) => w.res.json<{ id: string }>().id),
      ...agentWins.map((w) => w.res.json<{ bookingId: string }>().bookingId),
    ];
    const seatNos = (await db.select().from(tickets).where(inArray(tickets.bookingId, ids))).map(
      (x) => x.seatNo,
    );
    expect(seatNos).toHaveLength(octoWins.length + agentWins.length);
    expect(new Set(seatNos).size).toBe(seatNos.length);
  });
});
