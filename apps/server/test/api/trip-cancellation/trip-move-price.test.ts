// The price of a move after a weather cancellation (issue 23, item 1): the whole price of the
// same party on the chosen trip, at that trip's seat price AND length, is what counts. A dearer
// trip is neither listed nor accepted (409 naming both figures); a cheaper one refunds exactly
// the difference through the ledger; what GET lists is exactly what POST accepts.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, payments, refunds, slots, tickets } from '../../../src/db/schema';
import { customerToken } from '../../helpers/manage-token';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createSlot, HOUR } from '../../helpers/checkout-fixtures';
import { buySeats } from '../../helpers/operator-fixtures';

const NOW = new Date('2027-07-01T08:00:00Z');

describe('moving to another trip after a weather cancellation', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));

  /** A boat whose trips cost €10 a seat an hour; a customer with 2 adults and a child of 8 on a 1-hour trip (€25). */
  async function canceledOneHourTrip(tag: string) {
    const boat = await createBoat(db, { title: { en: `Move ${tag}` } });
    const trip = (hoursAhead: number, hours: number, seatPriceCents: number, seatsTotal = 10) =>
      createSlot(db, boat.id, {
        type: 'shared',
        start: new Date(NOW.getTime() + hoursAhead * HOUR),
        hours,
        seatsTotal,
        seatPriceCents,
      });
    const a = await trip(50, 1, 1000);
    const { bookingId } = await buySeats(
      t,
      boat.id,
      a,
      { adults: 2, children50: 1 },
      { name: 'Ana Move', email: `${tag}@example.com`, phone: '+34600000001' },
    );
    const alternatives = {
      sixHours: await trip(100, 6, 1000), // €150 for the same party: dearer
      twoHours: await trip(124, 2, 1000), // €50: dearer
      cheaper: await trip(148, 1, 800), // €20: €5 back
      shortDear: await trip(172, 0.5, 2000), // a dearer seat price, but €25 for half an hour: allowed
      full: await trip(196, 1, 500, 3), // €12.50, but only 3 seats for a party of 3 … then 2 sold
    };
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${a.id}/cancel`,
      headers: admin,
      payload: { reasonCode: 'swell', note: 'Swell', offer: 'choice' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = await customerToken(t.ctx, bookingId);
    return { boat, a, bookingId, token, alternatives };
  }

  const offerOf = async (bookingId: string, token: string) => {
    const res = await t.app.inject({ url: `/api/bookings/${bookingId}/trip-change?token=${token}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{
      paid: number;
      options: { slotId: string; price: number; refundDifference: number }[];
    }>();
  };
  const move = (bookingId: string, token: string, slotId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/trip-change`,
      payload: { token, choice: 'move', slotId },
    });

  it('a longer trip at the same seat price is neither offered nor accepted: 409 naming both prices, nothing changes', async () => {
    const { bookingId, token, alternatives } = await canceledOneHourTrip('dearer');
    const offer = await offerOf(bookingId, token);
    expect(offer.paid).toBe(25);
    expect(offer.options).toEqual([
      expect.objectContaining({ slotId: alternatives.cheaper.id, price: 20, refundDifference: 5 }),
      expect.objectContaining({ slotId: alternatives.shortDear.id, price: 25, refundDifference: 0 }),
      expect.objectContaining({ slotId: alternatives.full.id, price: 12.5, refundDifference: 12.5 }),
    ]);

    for (const dear of [alternatives.sixHours, alternatives.twoHours]) {
      const res = await move(bookingId, token, dear.id);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ error: 'move_dearer', details: { paid: 25 } });
      expect(res.json<{ message: string }>().message).toMatch(/more than the €25\.00 paid/);
    }
    expect((await move(bookingId, token, alternatives.sixHours.id)).json()).toMatchObject({
      details: { price: 150 },
    });
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ status: 'canceled', amountGrossCents: 2500 });
    expect(await db.select().from(tickets).where(eq(tickets.bookingId, bookingId))).toHaveLength(3);
    const [six] = await db.select().from(slots).where(eq(slots.id, alternatives.sixHours.id));
    expect(six?.seatsTaken).toBe(0);
    // The offer is still open: the refused move decided nothing.
    expect((await offerOf(bookingId, token)).options).toHaveLength(3);
  });

  it('a trip that filled up since the list was shown is refused naming why', async () => {
    const { boat, bookingId, token, alternatives } = await canceledOneHourTrip('filled');
    await buySeats(
      t,
      boat.id,
      alternatives.full,
      { adults: 1 },
      { name: 'Other', email: 'other@example.com', phone: '+34600000002' },
    );
    const res = await move(bookingId, token, alternatives.full.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: 'trip_unavailable', details: { reason: 'no_room' } });
    expect((await offerOf(bookingId, token)).options.map((o) => o.slotId)).not.toContain(
      alternatives.full.id,
    );
  });

  it('a cheaper trip refunds exactly the difference through the ledger; the booking is worth what it holds', async () => {
    const { bookingId, token, alternatives } = await canceledOneHourTrip('cheaper');
    const res = await move(bookingId, token, alternatives.cheaper.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ result: 'moved', refunded: 5 });
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ status: 'paid', slotId: alternatives.cheaper.id, amountGrossCents: 2000 });
    const paid = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(paid.map((p) => [p.status, p.amountCents])).toEqual([['succeeded', 2500]]);
    const back = await db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(back.map((r) => [r.status, r.amountCents, r.cause])).toEqual([['succeeded', 500, 'trip_change']]);
    const issued = await db.select().from(tickets).where(eq(tickets.bookingId, bookingId));
    expect(issued.map((x) => x.pricePaidCents).sort((a, b) => a - b)).toEqual([400, 800, 800]);
  });

  it('the same price for a shorter trip at a higher seat price moves with nothing to refund', async () => {
    const { bookingId, token, alternatives } = await canceledOneHourTrip('same');
    const res = await move(bookingId, token, alternatives.shortDear.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ result: 'moved', refunded: 0 });
    expect(await db.select().from(refunds).where(eq(refunds.bookingId, bookingId))).toEqual([]);
  });
});
