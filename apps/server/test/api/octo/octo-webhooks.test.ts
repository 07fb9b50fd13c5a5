// OCTO's webhooks: a reseller registers a URL and a local receiver, checking each body's
// signature with the secret shown once, is told of every change made on our side to the
// reseller's bookings (the operator's cancellation, a weather cancellation, a move, a refund),
// each once; the reseller's own calls tell it nothing; a receiver that is down gets it later.
import { BookingStatus, zBooking, type Booking } from '@octocloud/types';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { resellerWebhookDeliveries } from '../../../src/db/schema';
import { emitEvent } from '../../../src/modules/events/domain-events';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { deliverResellerWebhooks } from '../../../src/modules/octo/octo-webhooks';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { newReseller } from '../../helpers/reseller-fixture';
import { createBoat, createSlot, HOUR } from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-02-10T10:00:00Z');
const TRIP = new Date('2027-02-13T11:00:00Z');

type Received = { signature: string; delivery: string; body: string };

/** A reseller's endpoint: keeps what arrives, answers 200; closed, it refuses connections. */
function receiver() {
  const got: Received[] = [];
  let server: Server | null = null;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        req.on('end', () => {
          got.push({
            signature: String(req.headers['octo-webhook-signature']),
            delivery: String(req.headers['octo-webhook-delivery']),
            body,
          });
          res.writeHead(200).end('ok');
        });
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
      server = null;
    });
  return { got, start, stop, url: () => `http://127.0.0.1:${port}/octo/hooks` };
}

const signedBy = (secret: string, r: Received) => {
  const wanted = Buffer.from(`sha256=${createHmac('sha256', secret).update(r.body).digest('hex')}`);
  const sent = Buffer.from(r.signature);
  return sent.length === wanted.length && timingSafeEqual(sent, wanted);
};

describe('OCTO webhooks', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const boat = await createBoat(db, { title: { en: 'Dolphin Star' }, capacity: 12 });
  const trip = await createSlot(db, boat.id, {
    type: 'shared',
    start: TRIP,
    hours: 3,
    seatsTotal: 10,
    seatPriceCents: 2000,
  });
  const later = await createSlot(db, boat.id, {
    type: 'shared',
    start: new Date(TRIP.getTime() + 5 * HOUR),
    hours: 3,
    seatsTotal: 10,
    seatPriceCents: 2000,
  });
  const hooks = receiver();
  await hooks.start();
  afterAll(() => hooks.stop());

  const { resellerId, key } = await newReseller(t, admin);
  const octo = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) =>
    t.app.inject({
      method,
      url: `/octo${url}`,
      headers: { authorization: `Bearer ${key}`, 'octo-capabilities': 'octo/pricing, octo/webhooks' },
      ...(body ? { payload: body } : {}),
    });
  const sell = async (slotId: string) => {
    const held = await octo('POST', '/bookings', {
      productId: boat.id,
      optionId: 'DEFAULT',
      availabilityId: slotId,
      unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }],
    });
    const { uuid, id } = held.json<{ uuid: string; id: string }>();
    const sold = await octo('POST', `/bookings/${uuid}/confirm`, {
      contact: { fullName: 'Emma Schulz', emailAddress: 'emma@example.de' },
    });
    expect(sold.statusCode, sold.body).toBe(200);
    return { uuid, id };
  };
  /** The jobs, as the scheduler runs them: events into the outbox, then the outbox out. */
  const runJobs = async () => {
    await queueEventEmails(t.ctx);
    return deliverResellerWebhooks(t.ctx);
  };
  let secret = '';
  const bodies = (from = 0) =>
    hooks.got.slice(from).map((r) => {
      expect(signedBy(secret, r), 'signed with the secret shown once').toBe(true);
      const body = JSON.parse(r.body) as { change: { kind: string }; booking: unknown };
      return { ...body, booking: zBooking.parse(body.booking) as Booking };
    });

  it('registers a webhook in OCTO’s shape; the first answers the signing secret, once', async () => {
    const res = await octo('POST', '/webhooks', { url: hooks.url(), event: 'booking_update' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['octo-capabilities']).toBe('octo/pricing, octo/webhooks');
    const first = res.json<{ id: string; secret?: string }>();
    expect(first).toMatchObject({
      event: 'booking_update',
      url: hooks.url(),
      capabilities: ['octo/pricing'],
      retryOnError: true,
    });
    secret = first.secret ?? '';
    expect(secret).toMatch(/^whsec_/);
    const again = await octo('POST', '/webhooks', {
      url: 'https://partner.example/hooks',
      event: 'booking_update',
    });
    expect(again.json<{ secret?: string }>().secret).toBeUndefined();
    const list = await octo('GET', '/webhooks');
    expect(list.json<{ url: string }[]>().map((w) => w.url)).toEqual([
      hooks.url(),
      'https://partner.example/hooks',
    ]);
    const removed = await octo('DELETE', `/webhooks/${again.json<{ id: string }>().id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await octo('GET', '/webhooks')).json<unknown[]>()).toHaveLength(1);
    const unknown = await octo('DELETE', `/webhooks/${again.json<{ id: string }>().id}`);
    expect(unknown.json()).toMatchObject({ error: 'BAD_REQUEST' });
    const bad = await octo('POST', '/webhooks', { url: 'ftp://partner.example', event: 'booking_update' });
    expect(bad.json()).toMatchObject({ error: 'BAD_REQUEST' });
  });

  const a = await sell(trip.id);
  const b = await sell(later.id);
  const c = await sell(trip.id);

  it('tells nothing of the reseller’s own reserve and confirm', async () => {
    expect(await runJobs()).toEqual({ sent: 0, failed: 0 });
    expect(hooks.got).toEqual([]);
  });

  it('the operator’s cancellation: delivered once, signed, the booking CANCELLED', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${a.id}/cancel`,
      headers: admin,
      payload: { reason: 'engine check' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await runJobs()).sent).toBe(1);
    expect(await runJobs()).toEqual({ sent: 0, failed: 0 });
    const [told] = bodies();
    expect(told?.change).toEqual({ kind: 'operator_canceled' });
    expect(told?.booking).toMatchObject({ uuid: a.uuid, status: 'CANCELLED' });
    expect(told?.booking.pricing).toMatchObject({ retail: 12000, net: 9600 });
  });

  it('a weather cancellation of the trip and its refund, each once', async () => {
    const seen = hooks.got.length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${later.id}/cancel`,
      headers: admin,
      payload: { reasonCode: 'wind', offer: 'refund' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await runJobs();
    await runJobs();
    const told = bodies(seen);
    expect(told.map((x) => x.change.kind).sort()).toEqual(['refund', 'trip_canceled']);
    expect(told.find((x) => x.change.kind === 'trip_canceled')?.change).toEqual({
      kind: 'trip_canceled',
      cause: 'weather',
    });
    expect(told.every((x) => x.booking.uuid === b.uuid && x.booking.status === BookingStatus.CANCELLED)).toBe(
      true,
    );
    expect(new Set(hooks.got.map((r) => r.delivery)).size).toBe(hooks.got.length);
  });

  it('a move made on our side, once', async () => {
    const seen = hooks.got.length;
    await emitEvent(db, {
      kind: 'booking.status_changed',
      bookingId: c.id,
      payload: { from: 'paid', to: 'paid', code: 'trip_moved', params: {}, actor: 'admin', reason: null },
    });
    expect((await runJobs()).sent).toBe(1);
    expect(bodies(seen).map((x) => [x.change.kind, x.booking.uuid])).toEqual([['trip_moved', c.uuid]]);
  });

  it('a receiver that is down gets the change later, by the backoff', async () => {
    const seen = hooks.got.length;
    await hooks.stop();
    await emitEvent(db, {
      kind: 'refund.succeeded',
      bookingId: c.id,
      payload: {
        refundId: randomUUID(),
        amountCents: 2000,
        cause: 'operator',
        reason: 'goodwill',
        actor: 'admin',
      },
    });
    expect(await runJobs()).toEqual({ sent: 0, failed: 1 });
    const [row] = await db
      .select()
      .from(resellerWebhookDeliveries)
      .where(eq(resellerWebhookDeliveries.status, 'pending'));
    expect(row).toMatchObject({ attempts: 1 });
    expect(row?.lastError).toBeTruthy();
    await hooks.start();
    // Not before its retry is due (a minute after the first attempt).
    expect(await runJobs()).toEqual({ sent: 0, failed: 0 });
    t.setNow(new Date(NOW.getTime() + 61_000));
    expect(await runJobs()).toEqual({ sent: 1, failed: 0 });
    expect(bodies(seen).map((x) => x.change)).toEqual([{ kind: 'refund', amountCents: 2000 }]);
    t.setNow(NOW);
  });

  it('the admin sets a webhook on the reseller, sees it, rotates the secret and removes it', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${resellerId}/webhooks`,
      headers: admin,
      payload: { url: 'https://viator.example/octo' },
    });
    expect(added.statusCode, added.body).toBe(200);
    // The reseller has its secret already: not shown again.
    expect(added.json()).toMatchObject({ webhook: { url: 'https://viator.example/octo' }, secret: null });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/resellers', headers: admin });
    const [shown] = list.json<{ items: { webhooks: { url: string }[]; webhookSecretSet: boolean }[] }>()
      .items;
    expect(shown?.webhookSecretSet).toBe(true);
    expect(shown?.webhooks.map((w) => w.url)).toEqual([hooks.url(), 'https://viator.example/octo']);
    expect(JSON.stringify(list.json())).not.toContain(secret);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${resellerId}/webhook-secret`,
      headers: admin,
    });
    expect(rotated.json<{ secret: string }>().secret).not.toBe(secret);
    const id = added.json<{ webhook: { _id: string } }>().webhook._id;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/resellers/${resellerId}/webhooks/${id}`,
      headers: admin,
    });
    expect(removed.statusCode, removed.body).toBe(200);
  });
});
