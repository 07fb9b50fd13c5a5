// Hostile and broken input sent to every public route of the route table: SQL injection, XSS,
// 100 kB strings, wrong types, malformed JSON, 1 MB bodies, unknown fields, invalid UTF-8.
// The answer is always a clean 4xx (or a normal success for text that is merely odd), never a
// 5xx, and the database holds exactly what the successful answers said was stored.
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { buildTestApp } from '../helpers/test-app';
import { concreteUrl, isAdminPath, routeTable, type RouteEntry } from '../helpers/route-table';
import { bookingUrl } from '../helpers/checkout-fixtures';

export const ATTACK_STRINGS = [
  "' OR '1'='1' --",
  "'; DROP TABLE bookings; --",
  '1; SELECT pg_sleep(5)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '\u0000\u0001\u001f',
  '\ud800', // a lone surrogate: not valid Unicode
  '😀'.repeat(500),
  'x'.repeat(100_000),
];

const WRONG_TYPES: unknown[] = [null, true, -1, 1e308, 0.5, [], {}, ['a'], { $gt: '' }];

/** Each request from its own address, so per-IP limits never hide what validation does. */
let ipCounter = 1;
const nextIp = () => `10.9.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

/** Every leaf of a JSON value replaced, one at a time, by each of the given values. */
function* leafVariants(
  base: unknown,
  replacements: unknown[],
  path: string[] = [],
): Generator<[string, unknown, unknown]> {
  if (base && typeof base === 'object' && !Array.isArray(base)) {
    for (const [key, value] of Object.entries(base)) {
      for (const [p, v, r] of leafVariants(value, replacements, [...path, key])) {
        yield [p, { ...(base as object), [key]: v }, r];
      }
    }
    return;
  }
  for (const r of replacements) yield [path.join('.'), r, r];
}

/** Raw SQL rows, typed by the caller. */
const queryRows =
  (db: Db) =>
  async <T = Record<string, unknown>>(query: SQL): Promise<T[]> =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;

describe('bad input against every public route', async () => {
  const t = await buildTestApp({ template: 'demo' });
  const rows = queryRows(t.ctx.db);
  const count = async (table: string) =>
    Number((await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n);

  // A real future shared trip to build a valid payment intent from.
  const trip = (
    await rows<{
      id: string;
      starts_at: string;
      ends_at: string;
      seat_price_cents: number;
      boat_id: string;
    }>(sql`
      select s.id, s.starts_at, s.ends_at, s.seat_price_cents, s.boat_id
      from slots s join boats b on b.id = s.boat_id
      where s.type = 'shared' and s.starts_at > now() + interval '3 days' and b.slug = 'gigantes-explorer'
        and s.seats_total - s.seats_taken >= 6
      order by s.starts_at limit 1`)
  )[0]!;
  const hours = (Date.parse(trip.ends_at) - Date.parse(trip.starts_at)) / 3600_000;
  const intentBody = {
    currency: 'eur',
    amount: trip.seat_price_cents * 2 * hours,
    booking: {
      boatId: trip.boat_id,
      mode: 'shared',
      slotId: trip.id,
      dateISO: new Date(trip.starts_at).toISOString(),
      durationHours: hours,
      tickets: { adults: 2, children50: 0, kidsFree: 0 },
      priceBreakdown: {
        unitPerHour: trip.seat_price_cents / 100,
        paidUnits: 2,
        hours,
        total: (trip.seat_price_cents * 2 * hours) / 100,
      },
    },
    customer: { name: 'Ana Pérez', email: 'ana@example.com' },
    lang: 'en',
  };
  const firstHold = await t.app.inject({
    method: 'POST',
    url: '/api/boat/payment-intent',
    payload: intentBody,
    remoteAddress: nextIp(),
  });
  expect(firstHold.statusCode, firstHold.body).toBe(200);
  const pendingId = (firstHold.json() as { bookingId: string }).bookingId;

  /** Valid bodies of the public write routes; leaves are then replaced by hostile values. */
  const validBodies: Record<string, unknown> = {
    'POST /api/boat/payment-intent': intentBody,
    'POST /messages/messages': {
      name: 'Ana Pérez',
      email: 'ana@example.com',
      phone: '+34 600 123 456',
      message: 'Hello',
      source: 'landing',
    },
    'POST /user/auth': { email: 'nobody@example.com', password: 'wrong-password', remember: false },
    'POST /checkout/booking/:id/customer': {
      customer: { name: 'Ana Pérez', email: 'ana@example.com' },
      lang: 'es',
    },
    'POST /api/waitlist': {
      slotId: trip.id,
      email: 'ana@example.com',
      passengers: { adults: 2, child_u13: 0, child_u6: 0 },
      lang: 'en',
    },
    'POST /api/waitlist/confirm': { entry: randomUUID(), token: 'x'.repeat(43) },
    'POST /api/waitlist/offer': { entry: randomUUID(), token: 'x'.repeat(43) },
    'POST /api/payment-link': { booking: randomUUID(), token: 'x'.repeat(43) },
    'POST /api/payments/sandbox/confirm': {
      clientSecret: 'pi_unknown_secret_nothing',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
      returnUrl: 'http://localhost:3000/booking',
    },
  };

  const publicRoutes = routeTable(t.routes).filter(
    (r) => !r.allowedRoles && !isAdminPath(r.url) && !r.url.startsWith('/api/docs') && r.url !== '/*',
  );
  const urlOf = (route: RouteEntry) =>
    route.url === '/checkout/booking/:id/customer'
      ? bookingUrl(t.ctx, pendingId, '/customer')
      : concreteUrl(route.url);

  const before = {
    messages: await count('contact_messages'),
    bookings: await count('bookings'),
    tickets: await count('tickets'),
    users: await count('users'),
    boats: await count('boats'),
    waitlist: await count('waitlist_entries'),
  };
  let storedMessages = 0;
  let heldBookings = 0;
  let waitlisted = 0;
  const failures: string[] = [];

  async function send(
    route: RouteEntry,
    label: string,
    options: { url?: string; payload?: string | Buffer; contentType?: string },
  ) {
    const res = await t.app.inject({
      method: route.method as 'POST',
      url: options.url ?? urlOf(route),
      remoteAddress: nextIp(),
      headers:
        options.payload === undefined ? {} : { 'content-type': options.contentType ?? 'application/json' },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });
    if (res.statusCode >= 500)
      failures.push(`${route.method} ${route.url} ${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (res.statusCode < 300 && route.url === '/messages/messages') storedMessages++;
    if (res.statusCode < 300 && route.url === '/api/boat/payment-intent') heldBookings++;
    if (res.statusCode < 300 && route.url === '/api/waitlist') waitlisted++;
    return res;
  }

  it('has public routes to attack', () => {
    expect(publicRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/boat/payment-intent',
        'POST /messages/messages',
        'POST /api/waitlist',
        'POST /api/waitlist/confirm',
        'POST /api/waitlist/offer',
        'GET /checkout/booking/:id',
      ]),
    );
  });

  it('answers hostile path parameters and query strings with 4xx, never 5xx', async () => {
    for (const route of publicRoutes) {
      const params = route.url.match(/:[A-Za-z_]\w*/g) ?? [];
      for (const attack of ATTACK_STRINGS.slice(0, -1)) {
        if (/[\ud800-\udbff](?![\udc00-\udfff])/.test(attack)) continue; // a lone surrogate cannot even be put in a URL
        const value = encodeURIComponent(attack);
        if (params.length > 0)
          await send(route, `param=${attack.slice(0, 20)}`, {
            url: route.url.replace(/:[A-Za-z_]\w*/g, value),
          });
        if (route.queryKeys.length > 0 || route.method === 'GET') {
          const keys = route.queryKeys.length > 0 ? route.queryKeys : ['q'];
          const query = keys.map((k) => `${k}=${value}`).join('&');
          const res = await send(route, `query=${attack.slice(0, 20)}`, {
            url: `${concreteUrl(route.url)}?${query}&${keys[0]}=second`,
          });
          if (route.queryKeys.length > 0)
            expect(res.statusCode, `${route.url}?${query.slice(0, 60)}`).toBeLessThan(500);
        }
      }
      // A 100 kB query string: refused or ignored, not a crash.
      await send(route, 'huge query', {
        url: `${concreteUrl(route.url)}?${route.queryKeys[0] ?? 'q'}=${'a'.repeat(100_000)}`,
      });
    }
    expect(failures).toEqual([]);
  });

  it('refuses malformed, oversized, mistyped and non-UTF-8 bodies with 4xx', async () => {
    const bodyRoutes = publicRoutes.filter((r) => r.method !== 'GET');
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const megabyte = JSON.stringify({ name: 'x'.repeat(1024 * 1024) });
    const invalidUtf8 = Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
      Buffer.from('","email":"a@b.co"}'),
    ]);
    const cases: [string, { payload: string | Buffer; contentType?: string }][] = [
      ['malformed JSON', { payload: '{"name": ' }],
      ['JSON null', { payload: 'null' }],
      ['JSON array', { payload: '[1,2,3]' }],
      ['JSON string', { payload: '"hello"' }],
      ['deeply nested', { payload: deep }],
      [
        'prototype pollution',
        { payload: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}}}' },
      ],
      ['1 MB body', { payload: megabyte }],
      ['2 MB body', { payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }) }],
      ['invalid UTF-8', { payload: invalidUtf8 }],
      ['text/plain', { payload: 'name=x', contentType: 'text/plain' }],
      ['wrong charset', { payload: '{"name":"x"}', contentType: 'application/json; charset=utf-16' }],
    ];
    for (const route of bodyRoutes) {
      for (const [label, body] of cases) {
        const res = await send(route, label, body);
        // Routes without a body (refresh, logout) ignore it; the 5xx check above covers them.
        if (!route.hasBody && route.url !== '/api/payments/webhook') continue;
        expect(
          res.statusCode,
          `${route.method} ${route.url} with ${label}: ${res.body.slice(0, 150)}`,
        ).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${route.method} ${route.url} with ${label}`).toBeLessThan(500);
      }
    }
    expect(failures).toEqual([]);
  });

  it('never fails with 5xx when any field of a valid body carries an attack string or a wrong type', async () => {
    for (const route of publicRoutes.filter((r) => validBodies[`${r.method} ${r.url}`])) {
      const base = validBodies[`${route.method} ${route.url}`];
      for (const [path, variant, value] of leafVariants(base, [...ATTACK_STRINGS, ...WRONG_TYPES])) {
        await send(route, `${path} = ${JSON.stringify(value)?.slice(0, 30)}`, {
          payload: JSON.stringify(variant),
        });
      }
      await send(route, 'unknown fields', {
        payload: JSON.stringify({
          ...(base as object),
          isAdmin: true,
          role: 'admin',
          status: 'paid',
          amountReceived: 999999,
        }),
      });
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('stores nothing half-written: exactly the accepted messages and holds, no tickets, no new users or boats', async () => {
    expect(await count('contact_messages')).toBe(before.messages + storedMessages);
    expect(await count('bookings')).toBe(before.bookings + heldBookings);
    expect(await count('tickets')).toBe(before.tickets);
    expect(await count('users')).toBe(before.users);
    expect(await count('boats')).toBe(before.boats);
    // Exactly the entries the waitlist accepted (the accepted holds may have filled the trip).
    expect(await count('waitlist_entries')).toBe(before.waitlist + waitlisted);
    // Unknown fields never reached a row: the pending hold is still pending and unpaid.
    const [row] =
      await rows(sql`select b.status, (select coalesce(sum(p.amount_cents), 0)::int from payments p
      where p.booking_id = b.id and p.status = 'succeeded') as received from bookings b where b.id = ${pendingId}`);
    expect(row).toEqual({ status: 'pending', received: 0 });
    // Seats on the attacked trip never exceed the total.
    const [seats] = await rows<{ seats_total: number; seats_taken: number }>(
      sql`select seats_total, seats_taken from slots where id = ${trip.id}`,
    );
    expect(seats!.seats_taken).toBeLessThanOrEqual(seats!.seats_total);
  });
});

describe('the booking lookup cannot be enumerated', async () => {
  const t = await buildTestApp({ template: 'demo' });

  it('answers an id without its key alike whether the booking exists, and 400/404 for ids that are not UUIDs', async () => {
    // Without the checkout key (or the manage token) nothing tells a booked id from a made-up one.
    const [held] = await queryRows(t.ctx.db)<{ id: string }>(
      sql`select id::text as id from bookings limit 1`,
    );
    for (const id of [held!.id, ...Array.from({ length: 20 }, () => randomUUID())]) {
      expect((await t.app.inject(`/checkout/booking/${id}`)).statusCode).toBe(400);
      expect((await t.app.inject(`/checkout/booking/${id}?key=${'x'.repeat(43)}`)).statusCode).toBe(403);
    }
    // With a key the server signed, an unknown id is simply not found.
    expect((await t.app.inject(bookingUrl(t.ctx, randomUUID()))).statusCode).toBe(404);
    for (const id of [
      '1',
      '0',
      'abc',
      '00000000-0000-0000-0000-000000000000',
      "1' OR '1'='1",
      '..%2F..%2Fetc',
    ]) {
      const res = await t.app.inject(bookingUrl(t.ctx, encodeURIComponent(id)));
      expect([400, 404], id).toContain(res.statusCode);
    }
    const confirm = await t.app.inject(
      `/checkout/confirm?payment_intent=pi_${randomUUID().replaceAll('-', '')}`,
    );
    expect(confirm.statusCode).toBeGreaterThanOrEqual(400);
    expect(confirm.statusCode).toBeLessThan(500);
  });

  it('gives every booking a random version-4 UUID', async () => {
    const ids = (await queryRows(t.ctx.db)<{ id: string }>(sql`select id::text as id from bookings`)).map(
      (r) => r.id,
    );
    expect(ids.length).toBeGreaterThan(10);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
