// Another owner's boat for a canceled charter (issue 40 ★, docs/payments.md#another-owners-boat):
// the operator cancels Marta's charters for a technical fault; each customer is offered Boris's
// charters from the same harbour that day, of the same length on a boat of similar size, and
// takes a cheaper, an equal and a dearer one. The booking is Boris's at his rate with his hours
// claimed and a new boarding pass; the cheaper one's difference is refunded, the dearer one's is
// the platform's payment (fee + share = net received). A checkout racing a move for the same
// hours: one of them gets them. On PGlite and PostgreSQL.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingSlots, bookings, payments, refunds, tickets } from '../../../src/db/schema';
import { customerToken } from '../../helpers/manage-token';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { charterRequest, createBoat, createPrivateRun, HOUR } from '../../helpers/checkout-fixtures';
import { buyCharter } from '../../helpers/operator-fixtures';
import { moneyViolations } from '../../helpers/money-invariants';
import { coverInvoicesOfBooking } from '../../../src/modules/invoices/platform-cover-invoices';

/** Thursday 1 July 2027, 10:00 in the Canaries. */
const NOW = new Date('2027-07-01T09:00:00Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

describe('a canceled charter’s customers moved to another owner’s charter', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const martaId = await newOwner(t, { email: 'marta@example.com', language: 'es', displayName: 'Marta' });
  // Boris lets the platform invoice in his name: his customers, and the platform for its cover.
  const borisId = await newOwner(t, {
    email: 'boris@example.com',
    language: 'ru',
    displayName: 'Boris',
    commissionBps: 1500,
    legalName: 'Boris Barcos S.L.',
    taxId: 'B76543214',
    customerInvoicingAcceptedAt: new Date('2027-01-01T00:00:00Z'),
  });
  // Marta's 8-seat boat at €150 an hour: a 2-hour charter is €300.
  const martaBoat = await createBoat(db, { ownerId: martaId, capacity: 8, pricePerHourCents: 15_000 });
  const boris = (capacity: number, perHour: number) =>
    createBoat(db, { ownerId: borisId, capacity, pricePerHourCents: perHour, portName: ' puerto colón' });
  const fleet = {
    cheaper: await boris(8, 12_500), // €250: €50 back
    equal: await boris(10, 15_000), // €300
    dearer: await boris(10, 17_500), // €350: the platform adds €50
    tooBig: await boris(20, 15_000), // 20 seats for Marta's 8: not comparable
    farDearer: await boris(8, 25_000), // €500: more than half again, not offered
  };
  // Each of Boris's boats has its hours from 15:00 to 18:00 (three hours, so two 2-hour starts).
  const runs = Object.fromEntries(
    await Promise.all(
      Object.entries(fleet).map(async ([name, boat]) => [
        name,
        await createPrivateRun(db, boat.id, at(5), 3),
      ]),
    ),
  ) as Record<keyof typeof fleet, Awaited<ReturnType<typeof createPrivateRun>>>;

  // Three charters of Marta's, 2 hours each, that day: 12:00, 14:00 and 16:00.
  const martaRun = await createPrivateRun(db, martaBoat.id, at(2), 6);
  const customers = await Promise.all(
    (['cheaper', 'equal', 'dearer'] as const).map(async (name, i) => {
      const first = martaRun[i * 2]!;
      const bookingId = await buyCharter(t, martaBoat, first, 2, {
        name: `Client ${name}`,
        email: `${name}@example.com`,
        phone: `+3460000000${i}`,
      });
      const canceled = await t.app.inject({
        method: 'POST',
        url: `/api/admin/trips/${first.id}/cancel`,
        headers: admin,
        payload: { reasonCode: 'technical_fault', note: 'Engine', offer: 'choice' },
      });
      expect(canceled.statusCode, canceled.body).toBe(200);
      return { name, bookingId, token: await customerToken(t.ctx, bookingId) };
    }),
  );
  const customer = (name: string) => customers.find((c) => c.name === name)!;

  type Customer = { bookingId: string; token: string };
  const offerOf = async (c: Customer) => {
    const offer = await t.app.inject({ url: `/api/bookings/${c.bookingId}/trip-change?token=${c.token}` });
    expect(offer.statusCode, offer.body).toBe(200);
    return offer.json<{
      paid: number;
      options: { slotId: string; start: string; end: string; price: number; refundDifference: number }[];
    }>();
  };
  const move = (c: Customer, slotId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/bookings/${c.bookingId}/trip-change`,
      payload: { token: c.token, choice: 'move', slotId },
    });
  const bookingRow = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const hoursOf = async (id: string) =>
    (await db.select().from(bookingSlots).where(eq(bookingSlots.bookingId, id))).map((c) => c.slotId).sort();

  it('offers Boris’s comparable charters of the same length that day, at no extra cost', async () => {
    const offer = await offerOf(customer('cheaper'));
    expect(offer.paid).toBe(300);
    const offered = offer.options.map((o) => [o.slotId, o.price, o.refundDifference]);
    // At most four, soonest first: each comparable boat's 15:00 and 16:00 starts.
    expect(offered).toHaveLength(4);
    expect(offered).toEqual(
      expect.arrayContaining([
        [runs.cheaper[0]!.id, 250, 50],
        [runs.equal[0]!.id, 300, 0],
      ]),
    );
    expect(
      offer.options.every((o) => new Date(o.end).getTime() - new Date(o.start).getTime() === 2 * HOUR),
    ).toBe(true);
    const all = offer.options.map((o) => o.slotId);
    expect(all).not.toContain(runs.tooBig[0]!.id);
    expect(all).not.toContain(runs.farDearer[0]!.id);
    // Not offered, refused naming why; nothing changes.
    const big = await move(customer('cheaper'), runs.tooBig[0]!.id);
    expect(big.statusCode, big.body).toBe(409);
    expect(big.json()).toMatchObject({ details: { reason: 'not_comparable' } });
    expect((await move(customer('cheaper'), runs.farDearer[0]!.id)).json()).toMatchObject({
      details: { reason: 'too_dear' },
    });
    expect(await bookingRow(customer('cheaper').bookingId)).toMatchObject({
      status: 'canceled',
      boatId: martaBoat.id,
    });
  });

  it('a cheaper charter: Boris’s at his rate, his two hours claimed, a new boarding pass, €50 back', async () => {
    const c = customer('cheaper');
    const moved = await move(c, runs.cheaper[0]!.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ result: 'moved', refunded: 50 });
    expect(await bookingRow(c.bookingId)).toMatchObject({
      status: 'paid',
      type: 'private',
      boatId: fleet.cheaper.id,
      slotId: runs.cheaper[0]!.id,
      startsAt: at(5),
      endsAt: at(7),
      amountGrossCents: 25_000,
      commissionBps: 1500,
    });
    expect(await hoursOf(c.bookingId)).toEqual([runs.cheaper[0]!.id, runs.cheaper[1]!.id].sort());
    expect(await db.select().from(tickets).where(eq(tickets.bookingId, c.bookingId))).toHaveLength(1);
    const back = await db.select().from(refunds).where(eq(refunds.bookingId, c.bookingId));
    expect(back.map((r) => [r.status, r.amountCents])).toEqual([['succeeded', 5000]]);
    // Those hours are no longer anyone else's to take.
    expect((await offerOf(customer('equal'))).options.map((o) => o.slotId)).not.toContain(
      runs.cheaper[0]!.id,
    );
  });

  it('an equal charter moves for what was paid; a dearer one is paid up by the platform', async () => {
    const equal = customer('equal');
    expect((await move(equal, runs.equal[0]!.id)).json()).toMatchObject({ result: 'moved', refunded: 0 });
    expect(await bookingRow(equal.bookingId)).toMatchObject({
      boatId: fleet.equal.id,
      amountGrossCents: 30_000,
    });
    expect(await db.select().from(refunds).where(eq(refunds.bookingId, equal.bookingId))).toEqual([]);

    const dearer = customer('dearer');
    const moved = await move(dearer, runs.dearer[0]!.id);
    expect(moved.json()).toMatchObject({ result: 'moved', refunded: 0 });
    expect(await bookingRow(dearer.bookingId)).toMatchObject({
      boatId: fleet.dearer.id,
      amountGrossCents: 35_000,
    });
    const paid = await db.select().from(payments).where(eq(payments.bookingId, dearer.bookingId));
    expect(paid.map((p) => [p.method, p.amountCents])).toEqual([
      ['card', 30_000],
      ['platform', 5000],
    ]);
    // The platform's €50 is Boris's invoice to the platform (self-billed, his AP series).
    const covers = async () =>
      (await coverInvoicesOfBooking(db, dearer.bookingId)).map((i) => [
        i.number,
        i.invoiceType,
        i.totalCents,
      ]);
    expect(await covers()).toEqual([['AP2027-000001', 'F1', 5000]]);

    expect(
      await moneyViolations(
        db,
        customers.map((x) => x.bookingId),
      ),
    ).toEqual([]);
  });

  it('the last free hours: a checkout and a move race for them, one gets them', async () => {
    // A fourth charter of Marta's at 18:00, canceled too; Boris's fourth boat has 19:00–21:00 free.
    const raceBoat = await boris(8, 15_000);
    const raceRun = await createPrivateRun(db, raceBoat.id, at(9), 2);
    const more = await createPrivateRun(db, martaBoat.id, at(8), 2);
    const racer = await buyCharter(t, martaBoat, more[0]!, 2, {
      name: 'Racer',
      email: 'racer@example.com',
      phone: '+34600000009',
    });
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${more[0]!.id}/cancel`,
      headers: admin,
      payload: { reasonCode: 'technical_fault', note: 'Engine', offer: 'choice' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const c = { bookingId: racer, token: await customerToken(t.ctx, racer) };
    expect((await offerOf(c)).options.map((o) => o.slotId)).toEqual([raceRun[0]!.id]);
    const hold = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/boat/payment-intent',
          payload: charterRequest(raceBoat, raceRun[0]!, 2, {
            customer: { name: 'Walk', email: 'walk@example.com', phone: '+34600000010' },
          }),
        })
      ).statusCode;
    const [moveAnswer, holdStatus] = await Promise.all([move(c, raceRun[0]!.id), hold()]);
    const moved = moveAnswer.statusCode === 200;
    const held = holdStatus === 200;
    expect([moved, held].filter(Boolean)).toHaveLength(1);
    if (!moved) expect(moveAnswer.statusCode, moveAnswer.body).toBe(409);
    // No hour is claimed live by two bookings.
    const claims = await db
      .select()
      .from(bookingSlots)
      .where(inArray(bookingSlots.slotId, [raceRun[0]!.id, raceRun[1]!.id]));
    expect(claims.filter((claim) => claim.active)).toHaveLength(2);
  });
  it('the dearer charter canceled and refunded: the cover goes back, and Boris’s invoice to the platform is rectified', async () => {
    const dearer = customer('dearer');
    const covers = async () =>
      (await coverInvoicesOfBooking(db, dearer.bookingId)).map((i) => [
        i.number,
        i.invoiceType,
        i.totalCents,
      ]);
    // The customer changes their mind after all: canceled, everything refunded to their card. The
    // cover goes back to the platform and Boris's invoice to it is rectified to nothing.
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${dearer.bookingId}/cancel`,
      headers: admin,
      payload: { reason: 'The customer cannot come' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${dearer.bookingId}/refund`,
      headers: admin,
      payload: { reason: 'The customer cannot come' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await covers()).toEqual([
      ['AP2027-000001', 'F1', 5000],
      ['RAP2027-000001', 'R1', -5000],
    ]);
    expect(
      await moneyViolations(
        db,
        customers.map((x) => x.bookingId),
      ),
    ).toEqual([]);
  });
});
