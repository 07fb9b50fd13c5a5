// Two real server processes on one PostgreSQL database and one Redis, as behind a load balancer.
// Hundreds of customers race for the last seats of a trip and for one charter hour, spread over
// both instances: the database must let exactly the available number through, every loser gets a
// clean 409, and after everyone pays the books balance. Rate limits are shared through Redis.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../helpers/test-database';
import { spawnServer, type ServerProcess } from '../helpers/spawn-server';
import {
  card,
  CARDS,
  charterRequest,
  createBoat,
  createSlot,
  HOUR,
  sharedRequest,
} from '../helpers/checkout-fixtures';
import type { Database } from '../../src/db/client';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROUNDS = 20;
/** The charter race costs as much per round; fewer rounds keep `npm test` within its budget. */
const CHARTER_ROUNDS = Number(process.env.CHARTER_RACE_ROUNDS ?? 10);
const CONCURRENT = 300;
const LAST_SEATS = 10;

type Answer = { status: number; body: Record<string, unknown>; ip: string };

let ipSeed = randomBytes(2).readUInt16BE() * 256;
const freshIp = () => {
  ipSeed++;
  return `10.${(ipSeed >> 16) & 255}.${(ipSeed >> 8) & 255}.${ipSeed & 255}`;
};

async function call(
  server: ServerProcess,
  path: string,
  init: { body?: unknown; ip: string; method?: string },
): Promise<Answer> {
  const res = await fetch(server.url + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'x-forwarded-for': init.ip,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { raw: text };
  }
  return { status: res.status, body, ip: init.ip };
}

/** Pays a hold the way the browser does: sandbox card, then the confirm call. */
async function pay(server: ServerProcess, hold: Answer): Promise<Answer> {
  const clientSecret = hold.body.clientSecret as string;
  const paid = await call(server, '/api/payments/sandbox/confirm', {
    ip: hold.ip,
    body: { clientSecret, card: card(CARDS.ok), returnUrl: `${server.url}/booking` },
  });
  expect(paid.body.status, JSON.stringify(paid.body)).toBe('succeeded');
  const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
  return call(server, `/checkout/confirm?payment_intent=${intentId}`, { ip: hold.ip });
}

describe('two server instances, one database', () => {
  let database: Database;
  let url: string;
  let sqlClient: pg.Client;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('empty');
    url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString as string;
    sqlClient = new pg.Client({ connectionString: url });
    await sqlClient.connect();
    const env = {
      DATABASE_URL: url,
      REDIS_URL,
      JWT_SECRET: randomBytes(32).toString('hex'),
      // Each simulated customer has its own address, as a load balancer reports it.
      TRUST_PROXY: 'true',
      WEB_DIST_DIR: '/nonexistent-web-build',
      NODE_ENV: 'test',
    };
    servers = await Promise.all([spawnServer({ env }), spawnServer({ env })]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await sqlClient?.end();
    await database?.close();
  });

  const query = async <T>(text: string, params: unknown[] = []) =>
    (await sqlClient.query(text, params)).rows as T[];

  it(`holds exactly the last ${LAST_SEATS} seats of a shared trip against ${CONCURRENT} concurrent customers, ${ROUNDS} times`, async () => {
    const boat = await createBoat(database.db, { sharedMinSeatsToDepart: 0, capacity: 100 });
    for (let round = 0; round < ROUNDS; round++) {
      const slot = await createSlot(database.db, boat.id, {
        type: 'shared',
        start: new Date(Date.now() + (10 + round) * 24 * HOUR),
        hours: 2,
        seatsTotal: 100,
        seatsTaken: 100 - LAST_SEATS,
        seatPriceCents: 2500,
      });
      const body = sharedRequest(boat.id, slot, { adults: 1, children50: 0, kidsFree: 0 });
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) =>
          call(servers[i % 2]!, '/api/boat/payment-intent', { body, ip: freshIp() }),
        ),
      );
      const holds = answers.filter((a) => a.status === 200);
      const refusals = answers.filter((a) => a.status !== 200);
      expect(holds.length, `round ${round}`).toBe(LAST_SEATS);
      expect(
        refusals.filter((a) => a.status !== 409 || typeof a.body.message !== 'string'),
        `round ${round}: refusals that are not a clean 409`,
      ).toEqual([]);

      // Everyone who got a hold pays, on either instance.
      const confirmations = await Promise.all(holds.map((h, i) => pay(servers[(i + 1) % 2]!, h)));
      expect(confirmations.map((c) => c.status)).toEqual(Array(LAST_SEATS).fill(200));
      const [row] = await query<{ seats_taken: number; seats_total: number }>(
        'select seats_taken, seats_total from slots where id = $1',
        [slot.id],
      );
      expect(row).toEqual({ seats_taken: 100, seats_total: 100 });
    }
  }, 240_000);

  it(`gives one charter hour to exactly one of ${CONCURRENT} concurrent customers, ${CHARTER_ROUNDS} times`, async () => {
    const boat = await createBoat(database.db, { pricePerHourCents: 12000 });
    for (let round = 0; round < CHARTER_ROUNDS; round++) {
      const slot = await createSlot(database.db, boat.id, {
        type: 'private',
        start: new Date(Date.now() + (40 + round) * 24 * HOUR),
      });
      const body = charterRequest(boat, slot, 1);
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) =>
          call(servers[i % 2]!, '/api/boat/payment-intent', { body, ip: freshIp() }),
        ),
      );
      const holds = answers.filter((a) => a.status === 200);
      expect(holds.length, `round ${round}`).toBe(1);
      expect(answers.filter((a) => a.status !== 200 && a.status !== 409)).toEqual([]);
      expect((await pay(servers[round % 2]!, holds[0]!)).status).toBe(200);
    }
  }, 240_000);

  it('leaves the books balanced: no oversold trip, one live booking per charter slot, one ticket per seat', async () => {
    const oversold = await query(
      `select s.id, s.seats_total, s.seats_taken,
              coalesce(sum(b.seats) filter (where b.status in ('paid', 'confirmed', 'completed')), 0) as sold
       from slots s left join bookings b on b.slot_id = s.id and b.type = 'shared'
       where s.type = 'shared'
       group by s.id
       having s.seats_taken > s.seats_total
           or coalesce(sum(b.seats) filter (where b.status in ('paid', 'confirmed', 'completed')), 0) > s.seats_total`,
    );
    expect(oversold).toEqual([]);
    const doubleBooked = await query(
      `select bs.slot_id, count(*) as live
       from booking_slots bs join bookings b on b.id = bs.booking_id
       where b.status in ('paid', 'confirmed', 'completed') or (b.status = 'pending' and b.hold_expires_at > now())
       group by bs.slot_id having count(*) > 1`,
    );
    expect(doubleBooked).toEqual([]);
    const ticketMismatch = await query(
      `select b.id, b.seats, count(t.id) as tickets
       from bookings b left join tickets t on t.booking_id = b.id
       where b.type = 'shared' and b.status in ('paid', 'confirmed', 'completed')
       group by b.id having count(t.id) <> b.seats`,
    );
    expect(ticketMismatch).toEqual([]);
    const [{ paid } = { paid: 0 }] = await query<{ paid: number }>(
      `select count(*)::int as paid from bookings where status = 'paid'`,
    );
    expect(paid).toBe(ROUNDS * LAST_SEATS + CHARTER_ROUNDS);
  });

  it('shares rate limits between the instances through Redis', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await call(servers[i % 2]!, '/messages/messages', {
        ip,
        body: { name: `Visitor ${i}`, email: 'visitor@example.com', source: 'landing' },
      });
      statuses.push(answer.status);
    }
    // 5 per address in 10 minutes in total, not 5 per instance.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('caps unpaid holds per address even when one address fires them all at once at both instances', async () => {
    const boat = await createBoat(database.db, { sharedMinSeatsToDepart: 0, capacity: 100 });
    const slot = await createSlot(database.db, boat.id, {
      type: 'shared',
      start: new Date(Date.now() + 70 * 24 * HOUR),
      hours: 2,
      seatsTotal: 100,
      seatPriceCents: 2500,
    });
    const ip = freshIp();
    const body = sharedRequest(boat.id, slot, { adults: 1, children50: 0, kidsFree: 0 });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call(servers[i % 2]!, '/api/boat/payment-intent', { body, ip })),
    );
    const [limit] = await query<{ n: number }>(`select count(*)::int as n from bookings where slot_id = $1`, [
      slot.id,
    ]);
    // MAX_LIVE_HOLDS_PER_IP defaults to 5: a script must not hold 40 seats from one address.
    expect(limit!.n, `holds from one address: ${answers.map((a) => a.status).join(',')}`).toBeLessThanOrEqual(
      5,
    );
    expect(answers.filter((a) => a.status !== 200 && a.status !== 429)).toEqual([]);
  });
});
