// Bookings taken at the harbour: crew and admins book walk-in and phone customers, record cash,
// card-terminal and bank-transfer money as payments with their method and who took it, and the
// day's takings per method add up for the cash hand-over; above 400 € the customer's address is
// asked, as at the site's checkout, and named on the invoice.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, payments, tickets } from '../../../src/db/schema';
import type { CustomerInvoiceDetail } from '@boats/domain/schemas/owner-invoicing';
import { invoicesOfBooking } from '../../../src/modules/invoices/customer-invoices';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import {
  charterRequest,
  createBoat,
  createPrivateRun,
  createSlot,
  buyAndConfirm,
  HOUR,
  requestHold,
  sharedRequest,
} from '../../helpers/checkout-fixtures';

// 08:00 in the Canaries (summer time); the trips leave at 11:00.
const NOW = new Date('2027-07-10T07:00:00Z');
const TODAY = '2027-07-10';
const MORNING = new Date('2027-07-10T10:00:00Z');

const family = {
  passengers: { adults: 2, children50: 1, kidsFree: 1 },
  customer: { name: 'Familia García', phone: '+34 600 111 222', email: 'garcia@example.com' },
  language: 'es',
};

type Takings = { method: string; amount: number; payments: number }[];

describe('bookings taken by the operator', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const adminToken = await tokenFor(t, 'admin');
  const admin = bearer(adminToken);
  const crew = bearer(await tokenFor(t, 'crew'));
  const boat = await createBoat(db, { title: { en: 'Harbour Cat' }, capacity: 12, pricePerHourCents: 20000 });
  // 3 hours at €20 a seat per hour: an adult €60, a child 6–12 €30.
  const trip = await createSlot(db, boat.id, {
    type: 'shared',
    start: MORNING,
    hours: 3,
    seatsTotal: 6,
    seatPriceCents: 2000,
  });

  const book = (slotId: string, body: object, headers: Record<string, string> = crew) =>
    t.app.inject({ method: 'POST', url: `/api/crew/trips/${slotId}/bookings`, headers, payload: body });
  const takings = async (): Promise<Takings> => {
    const res = await t.app.inject({ url: `/api/crew/trips?date=${TODAY}`, headers: crew });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { takings: Takings }).takings;
  };
  const taking = async (method: string) => (await takings()).find((x) => x.method === method);

  it('crew books a walk-in family for cash: paid at the price the site charges, tickets, e-mail, ledger', async () => {
    const res = await book(trip.id, { ...family, payment: { method: 'cash' } });
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json() as { bookingId: string; status: string; amount: number; method: string };
    // 2 adults × €60 + 1 child 6–12 × €30; the child under 6 travels free.
    expect(booked).toMatchObject({ status: 'paid', amount: 150, method: 'cash' });

    const seats = await db.select().from(tickets).where(eq(tickets.bookingId, booked.bookingId));
    expect(seats.map((s) => s.passengerType).sort()).toEqual([
      'adult',
      'adult',
      'child_u13',
      'child_u6_free',
    ]);

    const details = await t.app.inject({ url: `/api/admin/bookings/${booked.bookingId}`, headers: admin });
    const body = details.json() as {
      status: string;
      payments: { method: string; recordedBy: string | null; amount: number; status: string }[];
      netReceived: number;
      history: { code: string; actor: string }[];
    };
    expect(body.status).toBe('paid');
    expect(body.payments).toEqual([
      expect.objectContaining({
        method: 'cash',
        amount: 150,
        status: 'succeeded',
        recordedBy: expect.stringMatching(/^crew-/),
      }),
    ]);
    expect(body.netReceived).toBe(150);
    expect(body.history.map((h) => h.code)).toEqual(['operator_booked', 'payment_recorded']);

    await queueEventEmails(t.ctx);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, booked.bookingId));
    expect(mails.map((m) => m.toAddress)).toEqual(['garcia@example.com']);

    expect(await taking('cash')).toEqual({ method: 'cash', amount: 150, payments: 1 });
    expect(await taking('terminal')).toEqual({ method: 'terminal', amount: 0, payments: 0 });
  });

  it('a card-terminal charter claims its hours: a visitor checking out the same hour is refused', async () => {
    const run = await createPrivateRun(db, boat.id, new Date(MORNING.getTime() + 6 * HOUR), 3);
    const res = await book(
      run[0]!.id,
      {
        passengers: { adults: 4, children50: 0, kidsFree: 0 },
        durationHours: 2,
        customer: { name: 'Phone customer', phone: '+44 7700 900123' },
        language: 'en',
        payment: { method: 'terminal' },
      },
      admin,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'paid', amount: 400, method: 'terminal' });
    const visitor = await requestHold(t.app, charterRequest(boat, run[1]!, 1));
    expect(visitor.statusCode, visitor.body).toBe(409);
    expect(await taking('terminal')).toEqual({ method: 'terminal', amount: 400, payments: 1 });
  });

  it('refuses more people than seats left, and records nothing', async () => {
    const before = await db.select().from(payments);
    const res = await book(trip.id, {
      ...family,
      passengers: { adults: 3, children50: 0, kidsFree: 0 },
      payment: { method: 'cash' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'tooManySeats' });
    expect(await db.select().from(payments)).toHaveLength(before.length);
    expect(await taking('cash')).toMatchObject({ amount: 150, payments: 1 });
  });

  it('answers bad input with 400 naming the field', async () => {
    const noName = await book(trip.id, {
      ...family,
      customer: { name: '', phone: '+34600111222' },
      payment: { method: 'cash' },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain('customer.name');
    const badMethod = await book(trip.id, { ...family, payment: { method: 'iou' } });
    expect(badMethod.statusCode).toBe(400);
    expect(badMethod.body).toContain('payment.method');
    const run = await createPrivateRun(db, boat.id, new Date(MORNING.getTime() + 10 * HOUR), 2);
    const noHours = await book(run[0]!.id, { ...family, payment: { method: 'cash' } });
    expect(noHours.statusCode).toBe(400);
    expect(noHours.json()).toMatchObject({ fields: [{ path: 'body.durationHours' }] });
  });

  it("another owner's crew can neither book this boat's trips nor see its takings", async () => {
    const otherCrew = bearer(await tokenFor(t, 'crew', { ownerId: await newOwner(t) }));
    const res = await book(trip.id, { ...family, payment: { method: 'cash' } }, otherCrew);
    expect(res.statusCode).toBe(404);
    const day = await t.app.inject({ url: `/api/crew/trips?date=${TODAY}`, headers: otherCrew });
    expect(
      (day.json() as { takings: Takings }).takings.every((x) => x.amount === 0 && x.payments === 0),
    ).toBe(true);
  });

  it('is for staff only', async () => {
    expect((await book(trip.id, { ...family, payment: { method: 'cash' } }, {})).statusCode).toBe(401);
    const user = bearer(await tokenFor(t, 'user'));
    expect((await book(trip.id, { ...family, payment: { method: 'cash' } }, user)).statusCode).toBe(403);
  });

  it('a bank transfer counts apart; cash handed back on a refund leaves the till', async () => {
    const transfer = await book(trip.id, {
      ...family,
      passengers: { adults: 1, children50: 0, kidsFree: 0 },
      payment: { method: 'bank_transfer' },
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    expect(await taking('bank_transfer')).toEqual({ method: 'bank_transfer', amount: 60, payments: 1 });

    const cash = await book(trip.id, {
      ...family,
      passengers: { adults: 1, children50: 0, kidsFree: 0 },
      payment: { method: 'cash' },
    });
    const { bookingId } = cash.json() as { bookingId: string };
    expect(await taking('cash')).toEqual({ method: 'cash', amount: 210, payments: 2 });

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/cancel`,
      headers: admin,
      payload: { reason: 'Changed their mind at the pier' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/refund`,
      headers: admin,
      payload: {},
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const after = (
      await t.app.inject({ url: `/api/admin/bookings/${bookingId}`, headers: admin })
    ).json() as {
      status: string;
      netReceived: number;
      refunds: { status: string; amount: number }[];
    };
    expect(after).toMatchObject({
      status: 'refunded',
      netReceived: 0,
      refunds: [{ status: 'succeeded', amount: 60 }],
    });
    // Received 210 in cash, 60 handed back: 150 in the till, from 2 payments.
    expect(await taking('cash')).toEqual({ method: 'cash', amount: 150, payments: 2 });
  });

  it('says who sold each booking: the list filters by channel, the tiles and the CSV break down by it, the manifest names it', async () => {
    const day = new Date('2027-07-12T10:00:00Z');
    const other = await createSlot(db, boat.id, {
      type: 'shared',
      start: day,
      hours: 3,
      seatsTotal: 10,
      seatPriceCents: 2000,
    });
    const one = { ...family, passengers: { adults: 1, children50: 0, kidsFree: 0 } };
    await buyAndConfirm(t.app, sharedRequest(boat.id, other, { adults: 2, children50: 0, kidsFree: 0 }));
    expect((await book(other.id, { ...one, payment: { method: 'cash' } })).statusCode).toBe(201);
    const phoned = await book(other.id, { ...one, payment: { method: 'terminal' } }, admin);
    expect(phoned.statusCode, phoned.body).toBe(201);
    const range = `start=2027-07-12T00:00:00Z&end=2027-07-12T23:00:00Z`;

    type Page = {
      items: { customer: { name: string }; channel: { kind: string; name: string | null } }[];
      kpis: {
        byChannel: { kind: string; name: string | null; count: number; retail: number; revenue: number }[];
      };
    };
    const all = (await t.app.inject({ url: `/checkout/bookings?${range}`, headers: admin })).json() as Page;
    expect(all.items.map((b) => b.channel.kind).sort()).toEqual(['operator', 'site', 'walk_in']);
    // 2 adults × €60 online, one adult × €60 at the harbour and one by phone.
    expect(all.kpis.byChannel).toEqual([
      { kind: 'operator', name: null, count: 1, retail: 60, revenue: 60 },
      { kind: 'site', name: null, count: 1, retail: 120, revenue: 120 },
      { kind: 'walk_in', name: null, count: 1, retail: 60, revenue: 60 },
    ]);
    const walkIns = (
      await t.app.inject({ url: `/checkout/bookings?${range}&channel=walk_in`, headers: admin })
    ).json() as Page;
    expect(walkIns.items.map((b) => b.channel)).toEqual([{ kind: 'walk_in', name: null }]);
    const refused = await t.app.inject({ url: `/checkout/bookings?${range}&channel=hotel`, headers: admin });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('channel');

    const csv = await t.app.inject({
      url: `/api/admin/bookings/export.csv?${range}&lang=es`,
      headers: admin,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...lines] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const column = header!.split(';').indexOf('canal');
    expect(column).toBeGreaterThan(0);
    expect(lines.map((l) => l.split(';')[column]).sort()).toEqual(['operador', 'venta en el puerto', 'web']);

    const manifest = await t.app.inject({ url: `/api/crew/trips/${other.id}/manifest`, headers: crew });
    const sold = (manifest.json() as { bookings: { channel: { kind: string } }[] }).bookings;
    expect(sold.map((b) => b.channel.kind).sort()).toEqual(['operator', 'site', 'walk_in']);
  });
});

describe('a sale above 400 € taken by staff', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const crew = bearer(await tokenFor(t, 'crew'));
  // €200 an hour: two hours are 400 € (a simplified invoice), three are 600 €.
  const boat = await createBoat(db, { title: { en: 'Harbour Cat' }, capacity: 12, pricePerHourCents: 20000 });
  const address = 'Calle La Hoya 5, 38650 Los Cristianos';
  let day = 0;
  /** A charter of `hours` on a day of its own (each sale a day later than the last). */
  const charter = async (hours: number, customer: object) => {
    day += 1;
    const run = await createPrivateRun(db, boat.id, new Date(MORNING.getTime() + day * 24 * HOUR), hours);
    return t.app.inject({
      method: 'POST',
      url: `/api/crew/trips/${run[0]!.id}/bookings`,
      headers: crew,
      payload: {
        passengers: { adults: 4, children50: 0, kidsFree: 0 },
        durationHours: hours,
        customer,
        language: 'es',
        payment: { method: 'cash' },
      },
    });
  };
  const invoiceOf = async (bookingId: string) => {
    const [invoice] = await invoicesOfBooking(db, bookingId);
    const res = await t.app.inject({ url: `/api/owner/customer-invoices/${invoice!.id}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CustomerInvoiceDetail>();
  };

  it('asks the customer’s address, as the site’s checkout does: refused without it, nothing held or taken', async () => {
    const before = await db.select().from(payments);
    const refused = await charter(3, { name: 'Carmen Díaz', phone: '+34 600 333 444' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'address_required',
      fields: [{ path: 'body.customer.address' }],
    });
    expect(await db.select().from(payments)).toHaveLength(before.length);
  });

  it('names the customer and their address on the invoice of a sale with it', async () => {
    const res = await charter(3, { name: 'Carmen Díaz', phone: '+34 600 333 444', address });
    expect(res.statusCode, res.body).toBe(201);
    const sold = res.json<{ bookingId: string; amount: number }>();
    expect(sold.amount).toBe(600);
    expect(await invoiceOf(sold.bookingId)).toMatchObject({
      total: 600,
      buyer: { name: 'Carmen Díaz', address },
    });
  });

  it('asks nothing more at 400 €: a simplified invoice names nobody', async () => {
    const res = await charter(2, { name: 'Phone customer', phone: '+44 7700 900123' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await invoiceOf(res.json<{ bookingId: string }>().bookingId)).toMatchObject({
      total: 400,
      buyer: null,
    });
  });
});
