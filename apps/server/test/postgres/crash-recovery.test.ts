// The server process is killed with SIGKILL at points of a checkout (after the hold, after the
// card provider took the money, while confirming), then started again. The client's retry, the
// provider's webhook or the reconciliation sweep must complete each booking exactly once: one
// paid booking, one ticket per seat, one pending→paid record, one confirmation e-mail.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { card, CARDS, createBoat, createSlot, HOUR, sharedRequest } from '../helpers/checkout-fixtures';
import { spawnServer, type ServerProcess } from '../helpers/spawn-server';
import { openTestDatabase } from '../helpers/test-database';

const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;

type Json = Record<string, unknown>;

async function call(
  server: ServerProcess,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  const res = await fetch(server.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : { raw: text }) as Json };
}

function signedEvent(type: string, intentId: string, timestamp?: number) {
  const payload = JSON.stringify({
    id: `evt_crash_${randomUUID()}`,
    object: 'event',
    type,
    data: { object: { id: intentId, object: 'payment_intent' } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    ...(timestamp ? { timestamp } : {}),
  });
  return { payload, signature };
}

async function sendWebhook(server: ServerProcess, event: { payload: string; signature: string }) {
  const res = await fetch(`${server.url}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.payload,
  });
  return res.status;
}

describe('crash recovery of a checkout (server killed with SIGKILL)', () => {
  let database: Database;
  let sql: pg.Client;
  let env: Record<string, string>;
  let server: ServerProcess;
  let boatId = '';
  let tripNo = 0;

  beforeAll(async () => {
    database = await openTestDatabase('empty');
    const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString as string;
    sql = new pg.Client({ connectionString: url });
    await sql.connect();
    env = {
      DATABASE_URL: url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
      WEB_DIST_DIR: '/nonexistent-web-build',
      JOBS_INTERVAL_SECONDS: '1',
      NODE_ENV: 'test',
    };
    boatId = (await createBoat(database.db, { sharedMinSeatsToDepart: 0 })).id;
    server = await spawnServer({ env });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await sql?.end();
    await database?.close();
  });

  const restart = async () => {
    await server.kill9();
    server = await spawnServer({ env, port: server.port });
  };

  async function hold(adults = 3) {
    tripNo++;
    const slot = await createSlot(database.db, boatId, {
      type: 'shared',
      start: new Date(Date.now() + (5 + tripNo) * 24 * HOUR),
      hours: 2,
      seatsTotal: 12,
      seatPriceCents: 3000,
    });
    const res = await call(server, '/api/boat/payment-intent', {
      ...sharedRequest(boatId, slot, { adults, children50: 0, kidsFree: 0 }),
      customer: { name: 'Crash Test', email: 'crash@example.com' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const clientSecret = res.body.clientSecret as string;
    return {
      slotId: slot.id,
      adults,
      bookingId: res.body.bookingId as string,
      clientSecret,
      intentId: clientSecret.slice(0, clientSecret.indexOf('_secret_')),
    };
  }

  const payCard = (h: { clientSecret: string }) =>
    call(server, '/api/payments/sandbox/confirm', {
      clientSecret: h.clientSecret,
      card: card(CARDS.ok),
      returnUrl: `${server.url}/booking`,
    });

  /** Exactly-once: one paid booking with one ticket per seat, one transition, one e-mail. */
  async function expectCompletedOnce(h: { bookingId: string; slotId: string; adults: number }) {
    const q = async (text: string) =>
      Number(((await sql.query(text, [h.bookingId])).rows[0] as { n: string }).n);
    const [booking] = (await sql.query('select status from bookings where id = $1', [h.bookingId])).rows as {
      status: string;
    }[];
    expect(booking?.status).toBe('paid');
    expect(await q('select count(*) as n from tickets where booking_id = $1')).toBe(h.adults);
    expect(
      await q(`select count(*) as n from booking_history where booking_id = $1 and to_status = 'paid'`),
    ).toBe(1);
    // The e-mail is rendered from the payment's domain event by the server's job (every second).
    await expect
      .poll(
        () =>
          q(`select count(*) as n from email_outbox where booking_id = $1 and kind = 'booking_confirmation'`),
        { timeout: 15_000 },
      )
      .toBe(1);
    const [slot] = (await sql.query('select seats_taken from slots where id = $1', [h.slotId])).rows as {
      seats_taken: number;
    }[];
    expect(slot?.seats_taken).toBe(h.adults);
  }

  it('after the hold: the customer pays and confirms on the restarted server', async () => {
    const h = await hold();
    await restart();
    expect((await payCard(h)).body.status).toBe('succeeded');
    expect((await call(server, `/checkout/confirm?payment_intent=${h.intentId}`)).status).toBe(200);
    await expectCompletedOnce(h);
  });

  it('after the provider took the money: the webhook replay completes it, the late confirm changes nothing', async () => {
    const h = await hold();
    expect((await payCard(h)).body.status).toBe('succeeded');
    await restart();
    const event = signedEvent('payment_intent.succeeded', h.intentId);
    expect(await sendWebhook(server, event)).toBe(200);
    expect(await sendWebhook(server, event)).toBe(200); // the provider retries too
    expect((await call(server, `/checkout/confirm?payment_intent=${h.intentId}`)).status).toBe(200);
    await expectCompletedOnce(h);
  });

  it('during confirm, at several instants: the retry completes it exactly once', async () => {
    for (const delayMs of [0, 10, 30]) {
      const h = await hold(2);
      expect((await payCard(h)).body.status).toBe('succeeded');
      // Fire the confirm and kill the server while it works on it.
      const inFlight = call(server, `/checkout/confirm?payment_intent=${h.intentId}`).catch(() => undefined);
      await new Promise((r) => setTimeout(r, delayMs));
      await restart();
      await inFlight;
      const retry = await call(server, `/checkout/confirm?payment_intent=${h.intentId}`);
      expect(retry.status, `killed after ${delayMs} ms: ${JSON.stringify(retry.body)}`).toBe(200);
      expect((await call(server, `/checkout/confirm?payment_intent=${h.intentId}`)).status).toBe(200);
      await expectCompletedOnce(h);
    }
  });

  it('the reconciliation sweep settles a paid intent whose customer vanished, and frees an unpaid lapsed hold', async () => {
    const paid = await hold();
    expect((await payCard(paid)).body.status).toBe('succeeded');
    const unpaid = await hold();
    await server.kill9();
    // Both holds lapse while the server is down; no client or webhook ever comes back.
    await sql.query(`update bookings set hold_expires_at = now() - interval '1 minute' where id = any($1)`, [
      [paid.bookingId, unpaid.bookingId],
    ]);
    server = await spawnServer({ env, port: server.port });
    const deadline = Date.now() + 20_000;
    let statuses: string[] = [];
    while (Date.now() < deadline) {
      statuses = (
        (
          await sql.query('select status from bookings where id = any($1) order by id = $2 desc', [
            [paid.bookingId, unpaid.bookingId],
            paid.bookingId,
          ])
        ).rows as { status: string }[]
      ).map((r) => r.status);
      if (!statuses.includes('pending')) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(statuses).toEqual(['paid', 'canceled']);
    await expectCompletedOnce(paid);
    const [freed] = (await sql.query('select seats_taken from slots where id = $1', [unpaid.slotId]))
      .rows as {
      seats_taken: number;
    }[];
    expect(freed?.seats_taken).toBe(0);
  });

  it('refuses webhooks with a bad signature or a timestamp older than 300 s, and changes nothing', async () => {
    const h = await hold();
    expect((await payCard(h)).body.status).toBe('succeeded');
    const good = signedEvent('payment_intent.succeeded', h.intentId);
    expect(
      await sendWebhook(server, {
        payload: good.payload,
        signature: good.signature.replace(/v1=(.)/, (_, c: string) => `v1=${c === '0' ? '1' : '0'}`),
      }),
    ).toBe(400);
    expect(
      await sendWebhook(server, {
        payload: good.payload.replace('succeeded', 'payment_failed'),
        signature: good.signature,
      }),
    ).toBe(400);
    const stale = signedEvent('payment_intent.succeeded', h.intentId, Math.floor(Date.now() / 1000) - 301);
    expect(await sendWebhook(server, stale)).toBe(400);
    const [row] = (await sql.query('select status from bookings where id = $1', [h.bookingId])).rows as {
      status: string;
    }[];
    expect(row?.status).toBe('pending');
  });
});
