// Two server instances on one PostgreSQL database, each with its own month, catalogue and
// booking-page cache. A hold taken or contact details saved through instance A, or a boat
// renamed or archived by plain SQL, shows on instance B's very next answer: the triggers'
// NOTIFY reaches B, and B catches up with every notification committed before it answers from
// memory.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import {
  charterRequest,
  createBoat,
  createPrivateRun,
  createSlot,
  HOUR,
  sharedRequest,
} from '../helpers/checkout-fixtures';
import { spawnServer, type ServerProcess } from '../helpers/spawn-server';
import { openTestDatabase } from '../helpers/test-database';

const ROUNDS = 10;

type Month = {
  availability: {
    private: { _id: string; available: boolean }[];
    shared: { _id: string; seatsLeft: number }[];
  };
};

describe('read caches across two instances', () => {
  let database: Database;
  let sqlClient: pg.Client;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await openTestDatabase('empty');
    const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString as string;
    sqlClient = new pg.Client({ connectionString: url });
    await sqlClient.connect();
    const env = {
      DATABASE_URL: url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: 'true',
      WEB_DIST_DIR: '/nonexistent-web-build',
      NODE_ENV: 'test',
    };
    [a, b] = await Promise.all([spawnServer({ env }), spawnServer({ env })]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sqlClient?.end();
    await database?.close();
  });

  let ip = 0;
  const post = (server: ServerProcess, path: string, body: unknown) =>
    fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.0.${++ip}` },
      body: JSON.stringify(body),
    });

  it(`shows seats held through A in B's month right after the commit, ${ROUNDS} times in a row`, async () => {
    const boat = await createBoat(database.db, { sharedMinSeatsToDepart: 0 });
    const slot = await createSlot(database.db, boat.id, {
      type: 'shared',
      start: new Date(Date.now() + 10 * 24 * HOUR),
      hours: 2,
      seatsTotal: 30,
      seatPriceCents: 2500,
    });
    const monthUrl = `${b.url}/api/boat/${boat.id}?start=${new Date(Date.now() + 9 * 24 * HOUR).toISOString()}&end=${new Date(Date.now() + 11 * 24 * HOUR).toISOString()}`;
    const seatsLeftOnB = async () =>
      ((await (await fetch(monthUrl)).json()) as Month).availability.shared[0]!.seatsLeft;

    // B answers from its cache: the same ETag twice.
    const first = await fetch(monthUrl);
    const second = await fetch(monthUrl);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await seatsLeftOnB()).toBe(30);

    for (let round = 1; round <= ROUNDS; round++) {
      const hold = await post(
        a,
        '/api/boat/payment-intent',
        sharedRequest(boat.id, slot, { adults: 2, children50: 0, kidsFree: 0 }),
      );
      expect(hold.status).toBe(200);
      expect(await seatsLeftOnB(), `round ${round}`).toBe(30 - 2 * round);
    }
  });

  it("shows a charter hour claimed through A as taken in B's month at once", async () => {
    const boat = await createBoat(database.db, { pricePerHourCents: 10000 });
    const start = new Date(Date.now() + 12 * 24 * HOUR);
    const run = await createPrivateRun(database.db, boat.id, start, 2);
    const monthUrl = `${b.url}/api/boat/${boat.id}?start=${new Date(start.getTime() - HOUR).toISOString()}&end=${new Date(start.getTime() + 3 * HOUR).toISOString()}`;
    const availableOnB = async () =>
      ((await (await fetch(monthUrl)).json()) as Month).availability.private.map((s) => s.available);
    expect(await availableOnB()).toEqual([true, true]);
    const hold = await post(a, '/api/boat/payment-intent', charterRequest(boat, run[0]!, 2));
    expect(hold.status).toBe(200);
    expect(await availableOnB()).toEqual([false, false]);
    // A's hold is given up: both hours come back on B.
    const { bookingId, checkoutKey } = (await hold.json()) as { bookingId: string; checkoutKey: string };
    expect((await post(a, `/checkout/booking/${bookingId}/release?key=${checkoutKey}`, {})).status).toBe(200);
    expect(await availableOnB()).toEqual([true, true]);
  });

  it("shows a booking's contact details changed through A on B's booking page at once", async () => {
    const boat = await createBoat(database.db, { sharedMinSeatsToDepart: 0 });
    const slot = await createSlot(database.db, boat.id, {
      type: 'shared',
      start: new Date(Date.now() + 14 * 24 * HOUR),
      hours: 2,
      seatsTotal: 8,
      seatPriceCents: 2500,
    });
    const hold = await post(
      a,
      '/api/boat/payment-intent',
      sharedRequest(boat.id, slot, { adults: 1, children50: 0, kidsFree: 0 }),
    );
    const { bookingId, checkoutKey } = (await hold.json()) as { bookingId: string; checkoutKey: string };
    const nameOnB = async () =>
      (
        (await (await fetch(`${b.url}/checkout/booking/${bookingId}?key=${checkoutKey}`)).json()) as {
          booking: { customer: { name: string } };
        }
      ).booking.customer.name;
    const before = await nameOnB();
    expect(await nameOnB()).toBe(before);
    for (let round = 1; round <= ROUNDS; round++) {
      const name = `Guest Number ${round}`;
      const saved = await post(a, `/checkout/booking/${bookingId}/customer?key=${checkoutKey}`, {
        customer: { name, email: `guest${round}@example.com`, phone: '+34 600 000 000' },
      });
      expect(saved.status, await saved.text()).toBe(200);
      expect(await nameOnB(), `round ${round}`).toBe(name);
    }
  });

  it("shows a boat renamed by plain SQL in B's catalogue and month on the next request", async () => {
    const boat = await createBoat(database.db, { title: { en: 'Before' } });
    const titles = async () =>
      (
        (await (await fetch(`${b.url}/api/boats`)).json()) as { items: { _id: string; title: string }[] }
      ).items
        .filter((item) => item._id === boat.id)
        .map((item) => item.title);
    expect(await titles()).toEqual(['Before']);
    expect(await titles()).toEqual(['Before']);
    await sqlClient.query(`update boats set title = '{"en":"After"}' where id = $1`, [boat.id]);
    expect(await titles()).toEqual(['After']);
    await sqlClient.query(`update boats set archived_at = now() where id = $1`, [boat.id]);
    expect(await titles()).toEqual([]);
    const month = `${b.url}/api/boat/${boat.id}?start=2027-01-01T00:00:00Z&end=2027-02-01T00:00:00Z`;
    expect((await fetch(month)).status).toBe(404);
    await sqlClient.query(`update boats set archived_at = null where id = $1`, [boat.id]);
    expect(await titles()).toEqual(['After']);
    expect((await fetch(month)).status).toBe(200);
  });

  it("shows a boat's first open shared trip as an offer in B's catalogue at once", async () => {
    const boat = await createBoat(database.db);
    const offers = async () =>
      (
        (await (await fetch(`${b.url}/api/boats`)).json()) as {
          items: { _id: string; offers: { charter: boolean; shared: boolean } }[];
        }
      ).items.find((item) => item._id === boat.id)?.offers;
    expect(await offers()).toEqual({ charter: false, shared: false });
    const slot = await createSlot(database.db, boat.id, {
      type: 'shared',
      start: new Date(Date.now() + 5 * 24 * HOUR),
      hours: 2,
      seatsTotal: 8,
      seatPriceCents: 2500,
    });
    expect(await offers()).toEqual({ charter: false, shared: true, sharedHours: 2, seatFromPerHour: 25 });
    await sqlClient.query(`update slots set is_open = false where id = $1`, [slot.id]);
    expect(await offers()).toEqual({ charter: false, shared: false });
  });
});
