// Owners are told of every change to the bookings on their boats that they did not make
// themselves (issue 40, docs/back-office.md#owners-notifications): each kind in the owner's
// language, once however often the job runs, never to another owner; the preferences honoured;
// the daily digest (one e-mail with the day's changes, none when there are none). And the
// customer's refund e-mails: what went back, what is kept and why. The e-mails are read from the
// outbox the event job writes. On PGlite and PostgreSQL.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { customerToken } from '../../helpers/manage-token';
import { sendOwnerDigests } from '../../../src/modules/owner-notifications/owner-digest';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import {
  buyAndConfirm,
  confirmReturn,
  createBoat,
  createSharedTrip,
  HOUR,
  payByCard,
  sharedRequest,
  startCheckout,
} from '../../helpers/checkout-fixtures';

/** 1 June 2027, 10:00 in the Canaries. */
const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = 24 * HOUR;
const two = { adults: 2, children50: 0, kidsFree: 0 };

describe('owners are told', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const marta = { email: 'marta@example.com', language: 'es', displayName: 'Marta' };
  const martaId = await newOwner(t, marta);
  const otherId = await newOwner(t, { email: 'otto@example.com', language: 'de', displayName: 'Otto' });
  const boat = await createBoat(db, { ownerId: martaId, title: { en: 'Marta Boat', es: 'Barco de Marta' } });
  await createBoat(db, { ownerId: otherId });
  const asAdmin = async () => bearer(await tokenFor(t, 'admin'));
  const asMarta = async () => bearer(await tokenFor(t, 'owner', { ownerId: martaId }));

  let day = 5;
  const trip = () => createSharedTrip(db, boat.id, new Date(NOW.getTime() + ++day * DAY));
  let clients = 0;
  const buy = async (slot?: Awaited<ReturnType<typeof trip>>) => {
    const on = slot ?? (await trip());
    const body = sharedRequest(boat.id, on, two, { customer: { name: 'Lucy', email: 'lucy@example.com' } });
    const { bookingId } = await buyAndConfirm(t.app, body, `203.0.113.${++clients}`);
    return { id: bookingId, slot: on, token: await customerToken(t.ctx, bookingId) };
  };

  /** The owner e-mails queued since the last call (the job run twice: the second adds nothing). */
  let seen = new Set<string>();
  async function ownerMail(to = marta.email) {
    await queueEventEmails(t.ctx);
    await queueEventEmails(t.ctx);
    const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    const fresh = rows.filter((r) => !seen.has(r.id));
    seen = new Set([...seen, ...rows.map((r) => r.id)]);
    // Money is written with a no-break space before the euro sign; the assertions use a plain one.
    const plain = (text: string) => text.replaceAll('\u00a0', ' ');
    return fresh.map((r) => ({ kind: r.kind, subject: plain(r.subject), text: plain(r.textBody) }));
  }
  /** The customer's e-mail of `kind` about a booking, as the outbox holds it. */
  const customerMail = async (bookingId: string, kind: string) => {
    await queueEventEmails(t.ctx);
    const [row] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.kind, kind)));
    return row?.textBody.replaceAll('\u00a0', ' ') ?? '';
  };
  const nothingFor = async (to: string) => {
    await queueEventEmails(t.ctx);
    return (await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to))).length;
  };

  it('a new paid booking: one e-mail to its owner in Spanish, none to another owner', async () => {
    await ownerMail();
    const b = await buy();
    const mails = await ownerMail();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('owner_notice_new_booking');
    expect(mails[0]!.subject).toMatch(/^Nueva reserva: Barco de Marta, /);
    expect(mails[0]!.text).toContain(`${b.id.slice(-8).toUpperCase()} · Barco de Marta`);
    expect(mails[0]!.text).toContain('nueva reserva de Lucy, 100,00 €');
    expect(mails[0]!.text).toContain('Las fechas y horas son de Canarias.');
    expect(await nothingFor('otto@example.com')).toBe(0);
  });

  it('cancellations: by the customer (with the policy’s refund and what is kept) and by the platform; not the owner’s own', async () => {
    const byCustomer = await buy();
    const byAdmin = await buy();
    const byOwner = await buy();
    await ownerMail();
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${byCustomer.id}/cancel`,
      payload: { token: byCustomer.token, expectedRefund: 100 },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    for (const [b, headers] of [
      [byAdmin, await asAdmin()],
      [byOwner, await asMarta()],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${b.id}/cancel`,
        headers,
        payload: { reason: 'Engine' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const mails = await ownerMail();
    expect(mails.map((m) => m.kind)).toEqual(['owner_notice_canceled', 'owner_notice_canceled']);
    const text = mails.map((m) => m.text).join('\n');
    expect(text).toContain(`${byCustomer.id.slice(-8).toUpperCase()} · Barco de Marta`);
    expect(text).toContain(
      'cancelada por el cliente (Lucy); según la política de cancelación se le devuelven 100,00 € y la reserva conserva 0,00 €.',
    );
    expect(text).toContain(`${byAdmin.id.slice(-8).toUpperCase()} · Barco de Marta`);
    expect(text).toContain('cancelada por la plataforma (Lucy)');
    expect(text).not.toContain(byOwner.id.slice(-8).toUpperCase());
  });

  it('a refund by the operator: the amount refunded and what the booking keeps', async () => {
    const b = await buy();
    const admin = await asAdmin();
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${b.id}/cancel`,
      headers: admin,
      payload: {},
    });
    await ownerMail();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${b.id}/refund`,
      headers: admin,
      payload: { amount: 30 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await ownerMail();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Reembolso de 30,00 €: Barco de Marta, /);
    expect(mails[0]!.text).toContain('se han reembolsado 30,00 € a Lucy; la reserva conserva 70,00 €.');
    // The customer's refund e-mail: how much went back and how much is kept. Six days ahead the
    // policy refunds everything, so the operator's decision is never put in the policy's name
    // (issue 58).
    const text = await customerMail(b.id, 'refund_issued');
    expect(text).toContain('Refunded: €30.00');
    expect(text).toContain('Kept: €70.00');
    expect(text).toContain(
      'The booking keeps €70.00 of what you paid. If you have a question about this refund, reply to this e-mail.',
    );
    expect(text).not.toMatch(/cancellation policy/i);
  });

  it('a cancellation by the customer under the policy: the owner and the customer read what is refunded and what is kept', async () => {
    // 30 hours ahead: the default policy refunds half.
    const soon = await createSharedTrip(db, boat.id, new Date(NOW.getTime() + 30 * HOUR));
    const b = await buy(soon);
    await ownerMail();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${b.id}/cancel`,
      payload: { token: b.token, expectedRefund: 50 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await ownerMail();
    expect(mails.map((m) => m.kind)).toEqual(['owner_notice_canceled']);
    expect(mails[0]!.text).toContain('se le devuelven 50,00 € y la reserva conserva 50,00 €.');
    const text = await customerMail(b.id, 'booking_canceled_by_customer');
    expect(text).toContain('Under the cancellation policy we refund €50.00 (50 %)');
    expect(text).toContain('The booking keeps €50.00, as the cancellation policy below says.');
    expect(text).toContain('Up to 24 hours before departure: 50 % refunded');
  });

  it('a full refund says nothing is kept', async () => {
    const b = await buy();
    const admin = await asAdmin();
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${b.id}/cancel`,
      headers: admin,
      payload: {},
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${b.id}/refund`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = await customerMail(b.id, 'refund_issued');
    expect(text).toContain('Refunded: €100.00');
    expect(text).toContain('Kept: €0.00');
    expect(text).toContain('That is everything you paid for this booking: nothing is kept.');
    expect(text).not.toContain('Cancellation policy');
  });

  it('a reschedule by the customer: where from and where to', async () => {
    const b = await buy();
    const to = await trip();
    await ownerMail();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${b.id}/reschedule`,
      payload: { token: b.token, slotId: to.id, expectedDifference: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await ownerMail();
    expect(mails.map((m) => m.kind)).toEqual(['owner_notice_moved']);
    expect(mails[0]!.subject).toMatch(/^Reserva cambiada: /);
    expect(mails[0]!.text).toContain('Lucy ha cambiado del ');
  });

  it('a trip canceled for the weather by the platform: one e-mail for the trip, not one per booking', async () => {
    const slot = await trip();
    await buy(slot);
    await buy(slot);
    await ownerMail();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${slot.id}/cancel`,
      headers: await asAdmin(),
      payload: { reasonCode: 'wind', offer: 'refund' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await ownerMail();
    expect(mails.map((m) => m.kind)).toEqual(['owner_notice_trip_canceled']);
    expect(mails[0]!.subject).toMatch(/^Salida cancelada: Barco de Marta, /);
    expect(mails[0]!.text).toContain('la plataforma ha cancelado la salida por el tiempo');
  });

  it('a trip canceled for a technical fault is told as one, never as the weather', async () => {
    const slot = await trip();
    await buy(slot);
    await ownerMail();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${slot.id}/cancel`,
      headers: await asAdmin(),
      payload: { reasonCode: 'technical_fault', offer: 'refund' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await ownerMail();
    expect(mail!.text).toContain('la plataforma ha cancelado la salida por una avería técnica');
    expect(mail!.text).not.toContain('por el tiempo');
    // The manifest's line says the same reason.
    const manifest = await t.app.inject({
      url: `/api/crew/trips/${slot.id}/manifest`,
      headers: await asAdmin(),
    });
    expect(manifest.json()).toMatchObject({
      cancellation: { cause: 'weather', reasonCode: 'technical_fault' },
    });
  });

  it('a request that lapsed', async () => {
    const requestBoat = await createBoat(db, {
      ownerId: martaId,
      bookingMode: 'request',
      title: { en: 'Ask Boat', es: 'Barco a pedir' },
    });
    const slot = await createSharedTrip(db, requestBoat.id, new Date(NOW.getTime() + ++day * DAY));
    const checkout = await startCheckout(
      t.app,
      sharedRequest(requestBoat.id, slot, two, { customer: { name: 'Ana', email: 'ana@example.com' } }),
      `203.0.113.${++clients}`,
    );
    await payByCard(t.app, checkout.clientSecret);
    expect((await confirmReturn(t.app, checkout.intentId)).statusCode).toBe(200);
    await ownerMail();
    const lapsed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${checkout.bookingId}/lapse`,
      headers: await asAdmin(),
    });
    expect(lapsed.statusCode, lapsed.body).toBe(200);
    const mails = await ownerMail();
    expect(mails.map((m) => m.kind)).toEqual(['owner_notice_request_lapsed']);
    expect(mails[0]!.text).toContain('la solicitud de Ana no se respondió a tiempo y ha caducado');
  });

  it('the preferences: all on by default; a kind switched off is not e-mailed; bad input names the field', async () => {
    const marta = await asMarta();
    const initial = await t.app.inject({ url: '/api/owner/notifications', headers: marta });
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json()).toEqual({
      settings: {
        kinds: {
          new_booking: true,
          canceled: true,
          refunded: true,
          moved: true,
          trip_canceled: true,
          request_lapsed: true,
        },
        digest: false,
      },
      isPlatform: false,
    });
    const kinds = { ...initial.json().settings.kinds, new_booking: false };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/owner/notifications',
      headers: marta,
      payload: { kinds, digest: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.kinds.new_booking).toBe(false);
    await ownerMail();
    const b = await buy();
    expect(await ownerMail()).toEqual([]);
    // Cancellations are still on.
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${b.id}/cancel`,
      headers: await asAdmin(),
      payload: {},
    });
    expect((await ownerMail()).map((m) => m.kind)).toEqual(['owner_notice_canceled']);

    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/owner/notifications',
      headers: marta,
      payload: { kinds: { ...kinds, moved: 'yes' }, digest: false },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('kinds.moved');
    // Another owner's token changes their own settings, never Marta's.
    await t.app.inject({
      method: 'PUT',
      url: `/api/owner/notifications?ownerId=${martaId}`,
      headers: bearer(await tokenFor(t, 'owner', { ownerId: otherId })),
      payload: { kinds: { ...kinds, canceled: false }, digest: true },
    });
    const after = await t.app.inject({ url: '/api/owner/notifications', headers: marta });
    expect(after.json().settings).toMatchObject({ digest: false, kinds: { canceled: true } });
    await t.app.inject({
      method: 'PUT',
      url: '/api/owner/notifications',
      headers: marta,
      payload: { kinds: { ...kinds, new_booking: true }, digest: false },
    });
  });

  it('the daily digest: no single e-mails; one e-mail at 19:00 Canary time with the day’s changes; none when empty', async () => {
    const dana = { email: 'dana@example.com', language: 'en', displayName: 'Dana' };
    const danaId = await newOwner(t, { ...dana, notificationsDigest: true });
    const danaBoat = await createBoat(db, { ownerId: danaId, title: { en: 'Dana Boat' } });
    const slot = await createSharedTrip(db, danaBoat.id, new Date(NOW.getTime() + ++day * DAY));
    const body = sharedRequest(danaBoat.id, slot, two, {
      customer: { name: 'Lucy', email: 'lucy@example.com' },
    });
    const { bookingId } = await buyAndConfirm(t.app, body, `203.0.113.${++clients}`);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/cancel`,
      headers: await asAdmin(),
      payload: {},
    });
    expect(await ownerMail(dana.email)).toEqual([]);

    // 10:00 in the Canaries: today's digest is not due; yesterday's had nothing.
    expect(await sendOwnerDigests(t.ctx)).toBe(0);
    // 19:00 Canary time (18:00 UTC in summer): one e-mail with both changes.
    t.setNow(new Date('2027-06-01T18:00:00Z'));
    try {
      expect(await sendOwnerDigests(t.ctx)).toBeGreaterThanOrEqual(1);
      const digests = await db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, dana.email), eq(emailOutbox.kind, 'owner_digest')));
      expect(digests).toHaveLength(1);
      expect(digests[0]!.subject).toBe('Your bookings: the changes up to 01/06/2027');
      const text = digests[0]!.textBody;
      expect(text).toContain('Hello Dana,');
      expect(text).toContain('new booking by Lucy, €100.00.');
      expect(text).toContain('canceled by the platform (Lucy).');
      expect(text.indexOf('new booking')).toBeLessThan(text.indexOf('canceled by'));
      // Run again, or by a second instance: nothing more. Marta (single e-mails) has no digest.
      expect(await sendOwnerDigests(t.ctx)).toBe(0);
      expect(
        await db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.toAddress, marta.email), eq(emailOutbox.kind, 'owner_digest'))),
      ).toEqual([]);
    } finally {
      t.setNow(NOW);
    }
  });
});
