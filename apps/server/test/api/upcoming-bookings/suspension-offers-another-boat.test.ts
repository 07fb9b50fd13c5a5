// A suspended owner's customers are offered another boat (issue 58, docs/decisions/0037): the
// platform suspends Marta and cancels her bookings ahead. Her trips are canceled as the operator
// cancels a trip, for the reason "the boat is not available" (never that she was suspended): her
// customer of Thursday 17:00 is offered Boris's trip from the same harbour that day, not Marta's
// own 15:00 trip (her boats are off the site), and moves there at no cost; her customer of
// Friday, with no other boat that day, is refunded at once. Marta gets the suspension's one
// e-mail, which says so, and nothing per trip.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, emailOutbox, ownerNotifications } from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { customerToken } from '../../helpers/manage-token';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createSlot, HOUR } from '../../helpers/checkout-fixtures';
import { buySeats } from '../../helpers/operator-fixtures';

/** Thursday 1 July 2027, 10:00 in the Canaries. */
const NOW = new Date('2027-07-01T09:00:00Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

describe('suspending an owner offers their customers another owner’s boat', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const martaId = await newOwner(t, { email: 'marta@example.com', language: 'es', displayName: 'Marta' });
  const borisId = await newOwner(t, { email: 'boris@example.com', displayName: 'Boris' });
  const martaBoat = await createBoat(db, { ownerId: martaId, title: { en: 'Marta Boat' } });
  const borisBoat = await createBoat(db, {
    ownerId: borisId,
    title: { en: 'Sea Star', es: 'Estrella de Mar' },
  });
  const shared = (boatId: string, start: Date) =>
    createSlot(db, boatId, { type: 'shared', start, hours: 2, seatsTotal: 10, seatPriceCents: 1000 });
  const martaThursday = await shared(martaBoat.id, at(7));
  const martaEarlier = await shared(martaBoat.id, at(5));
  const martaFriday = await shared(martaBoat.id, at(30));
  const borisThursday = await shared(borisBoat.id, at(5));
  const buy = async (slot: typeof martaThursday, name: string, lang: 'en' | 'es') => {
    const { bookingId } = await buySeats(
      t,
      martaBoat.id,
      slot,
      { adults: 2 },
      { name, email: `${name}@example.com`, phone: '+34600000001' },
      lang,
    );
    return { bookingId, token: await customerToken(t.ctx, bookingId) };
  };
  const ana = await buy(martaThursday, 'ana', 'es');
  const ben = await buy(martaFriday, 'ben', 'en');
  const bookingRow = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  // What the sales sent (confirmations, the owner's notices) is not the suspension's.
  await queueEventEmails(t.ctx);
  const sentBefore = new Set((await db.select().from(emailOutbox)).map((m) => m.id));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/owners/${martaId}/suspend`,
    headers: admin,
    payload: { upcoming: 'cancel_and_refund', reason: 'Licence expired' },
  });

  it('cancels both bookings, refunds at once only the one no other boat can take', async () => {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      owner: { status: 'suspended' },
      outcome: { canceled: 2, refunded: 40, offered: 1, declined: 0 },
    });
    expect((await bookingRow(ben.bookingId)).status).toBe('refunded');
    expect((await bookingRow(ana.bookingId)).status).toBe('canceled');
  });

  it('tells the customer the boat is not available and offers the other owner’s trip, not the suspended boat’s', async () => {
    const offer = await t.app.inject({
      url: `/api/bookings/${ana.bookingId}/trip-change?token=${ana.token}`,
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const body = offer.json<{ reasonCode: string; options: { slotId: string; otherBoat: unknown }[] }>();
    expect(body.reasonCode).toBe('boat_unavailable');
    expect(body.options.map((o) => o.slotId)).toEqual([borisThursday.id]);
    expect(body.options.map((o) => o.slotId)).not.toContain(martaEarlier.id);
    expect(body.options[0]!.otherBoat).toMatchObject({ title: 'Estrella de Mar' });

    await queueEventEmails(t.ctx);
    const mails = (await db.select().from(emailOutbox)).filter((m) => !sentBefore.has(m.id));
    const toAna = mails.filter((m) => m.bookingId === ana.bookingId);
    expect(toAna.map((m) => m.kind)).toEqual(['trip_canceled']);
    expect(toAna[0]!.textBody).toContain('el barco ya no puede llevarte en esta salida');
    expect(toAna[0]!.textBody).toContain('otro barco del mismo puerto');
    expect(toAna[0]!.textBody).not.toMatch(/suspend|Licence/i);
    // Marta is told once, in her language, that her customers are offered another boat.
    const toMarta = mails.filter((m) => m.toAddress === 'marta@example.com');
    expect(toMarta.map((m) => m.kind)).toEqual(['owner_suspended']);
    expect(toMarta[0]!.textBody).toContain(
      'Sus 2 reservas próximas se han cancelado: a cada cliente se le ofrece el barco de otro propietario o el reembolso íntegro.',
    );
    // No notice per trip or refund beside it (the sales' own notices came before).
    const notices = await db.select().from(ownerNotifications).where(eq(ownerNotifications.ownerId, martaId));
    expect(notices.map((n) => n.kind)).toEqual(['new_booking', 'new_booking']);
  });

  it('moves the customer to the other owner’s boat at no extra cost; the suspended boat’s own trip is refused', async () => {
    const move = (slotId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/bookings/${ana.bookingId}/trip-change`,
        payload: { token: ana.token, choice: 'move', slotId },
      });
    expect((await move(martaEarlier.id)).statusCode).toBe(409);
    const moved = await move(borisThursday.id);
    expect(moved.statusCode, moved.body).toBe(200);
    const row = await bookingRow(ana.bookingId);
    expect(row).toMatchObject({ boatId: borisBoat.id, slotId: borisThursday.id, status: 'paid' });
  });
});
