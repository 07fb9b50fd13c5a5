// Providers deliver webhooks at least once, late and out of order. The same events delivered
// three times, each time shuffled, must leave the bookings exactly as one clean delivery does.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { card, CARDS, createBoat, createSlot, HOUR, sharedRequest } from '../helpers/checkout-fixtures';
import { queueEventEmails } from '../../src/modules/jobs/event-emails';
import { buildTestApp } from '../helpers/test-app';

const SECRET = 'whsec_faults_replay_secret';

function event(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_replay_${randomUUID()}`,
    object: 'event',
    type,
    data: { object },
  });
  return { type, payload };
}

function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('webhook replays in shuffled order (PostgreSQL)', async () => {
  const t = await buildTestApp({ template: 'empty', env: { SANDBOX_WEBHOOK_SECRET: SECRET } });
  const db = t.ctx.db;
  const boat = await createBoat(db, { sharedMinSeatsToDepart: 0 });
  let tripNo = 0;

  async function checkout(cardNumber: string) {
    tripNo++;
    const slot = await createSlot(db, boat.id, {
      type: 'shared',
      start: new Date(Date.now() + (20 + tripNo) * 24 * HOUR),
      hours: 2,
      seatsTotal: 10,
      seatPriceCents: 2500,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      payload: sharedRequest(
        boat.id,
        slot,
        { adults: 2, children50: 1, kidsFree: 0 },
        { customer: { name: 'Replay', email: 'replay@example.com' } },
      ),
    });
    const { clientSecret, bookingId } = res.json<{ clientSecret: string; bookingId: string }>();
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: { clientSecret, card: card(cardNumber), returnUrl: 'http://localhost:3000/booking' },
    });
    return { bookingId, intentId: clientSecret.split('_secret_')[0]! };
  }

  const deliver = async (e: { payload: string }) => {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: e.payload, secret: SECRET });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: e.payload,
    });
    return res.statusCode;
  };

  /** Everything a webhook can change, per booking. */
  async function snapshot(ids: string[]) {
    await queueEventEmails(t.ctx);
    const rows = await db.execute(sql`
      select b.id, b.status, b.paid_at is not null as paid,
             (select coalesce(sum(p.amount_cents), 0)::int from payments p
               where p.booking_id = b.id and p.status = 'succeeded') as received,
             (select coalesce(sum(r.amount_cents), 0)::int from refunds r
               where r.booking_id = b.id and r.status = 'succeeded') as refunded,
             (select count(*)::int from tickets t where t.booking_id = b.id) as tickets,
             (select count(*)::int from booking_history h where h.booking_id = b.id) as transitions,
             (select count(*)::int from email_outbox m where m.booking_id = b.id) as emails,
             s.seats_taken
      from bookings b join slots s on s.id = b.slot_id
      where b.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      order by b.id`);
    return (rows as unknown as { rows: unknown[] }).rows;
  }

  it('leaves the same state after the first, second and third shuffled delivery', async () => {
    const succeeded = await checkout(CARDS.ok);
    const declined = await checkout(CARDS.declined);
    const refunded = await checkout(CARDS.ok);
    // A refund made at the provider (its dashboard), then reported by webhook.
    const intent = await t.ctx.payments.retrieveIntent(refunded.intentId);
    await t.ctx.payments.refund({
      paymentIntentId: refunded.intentId,
      amountCents: intent.amountCents,
      idempotencyKey: randomUUID(),
    });

    const pi = (id: string) => ({ id, object: 'payment_intent' });
    const events = [
      event('payment_intent.succeeded', pi(succeeded.intentId)),
      event('payment_intent.payment_failed', pi(declined.intentId)),
      event('payment_intent.succeeded', pi(refunded.intentId)),
      event('charge.refunded', {
        id: `ch_${randomUUID()}`,
        object: 'charge',
        payment_intent: refunded.intentId,
      }),
      event('customer.created', { id: 'cus_1', object: 'customer' }),
    ];
    const ids = [succeeded.bookingId, declined.bookingId, refunded.bookingId];

    const states: unknown[] = [];
    for (const seed of [7, 1234, 99991]) {
      const statuses = [];
      for (const e of shuffled(events, seed)) statuses.push(await deliver(e));
      expect(statuses).toEqual(Array(events.length).fill(200));
      states.push(await snapshot(ids));
    }
    expect(states[1]).toEqual(states[0]);
    expect(states[2]).toEqual(states[0]);
    // The same facts under new event ids (a second endpoint, a manual resend) change nothing either.
    const renamed = events.map((e) => ({
      payload: e.payload.replace(/evt_replay_[0-9a-f-]+/, `evt_replay_${randomUUID()}`),
    }));
    for (const e of shuffled(renamed, 42)) expect(await deliver(e)).toBe(200);
    expect(await snapshot(ids)).toEqual(states[0]);

    const byId = new Map((states[0] as { id: string }[]).map((r) => [r.id, r]));
    expect(byId.get(succeeded.bookingId)).toMatchObject({
      status: 'paid',
      tickets: 3,
      emails: 1,
      seats_taken: 3,
    });
    expect(byId.get(declined.bookingId)).toMatchObject({ status: 'pending', tickets: 0, seats_taken: 0 });
    expect(byId.get(refunded.bookingId)).toMatchObject({ status: 'paid', tickets: 3 });
    const refundedRow = byId.get(refunded.bookingId) as unknown as { refunded: number; received: number };
    expect(refundedRow.received).toBeGreaterThan(0);
    expect(refundedRow.refunded).toBe(refundedRow.received);
  });
});
