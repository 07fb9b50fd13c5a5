// Agents (docs/channels.md#agents): the admin creates an agent; the agent finds a bookable trip,
// sells seats for cash (held by the agent, owed net of its commission) or a payment link, and
// sees its own sales only; the admin sees what each agent owes and records a settlement
// (audited); a refund of a cash sale lowers what the agent owes; a charter is sold once, its hours
// taken, and another agent on the same hours is refused; above 400 € the customer's address is
// asked and named on the invoice.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookingSlots, emailOutbox, payments, slots } from '../../../src/db/schema';
import type { CustomerInvoiceDetail } from '@boats/domain/schemas/owner-invoicing';
import { signAccessToken } from '../../../src/modules/auth/access-token';
import { invoicesOfBooking } from '../../../src/modules/invoices/customer-invoices';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { createBoat, createSlot } from '../../helpers/checkout-fixtures';
import { buildTestApp } from '../../helpers/test-app';

// 09:00 in the Canaries (summer time); the trips leave at 11:00.
const NOW = new Date('2027-07-10T08:00:00Z');

type AgentWire = {
  _id: string;
  name: string;
  month: { bookings: number; sold: number; commission: number; net: number };
  balance: {
    cashNet: number;
    refunded: number;
    held: number;
    settled: number;
    owed: number;
    lastSettlement: { amount: number; receivedOn: string } | null;
  };
};

describe('agents: selling, their own sales, balances and settlements', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const boat = await createBoat(db, { title: { en: 'Harbour Cat', de: 'Hafenkatamaran' } });
  const draft = await createBoat(db, { publishedAt: null });
  // 3 hours at €20 a seat per hour: an adult €60.
  const trip = await createSlot(db, boat.id, {
    type: 'shared',
    start: new Date('2027-07-10T10:00:00Z'),
    hours: 3,
    seatsTotal: 8,
    seatPriceCents: 2000,
  });
  const draftTrip = await createSlot(db, draft.id, {
    type: 'shared',
    start: new Date('2027-07-10T10:00:00Z'),
    hours: 3,
    seatsTotal: 8,
    seatPriceCents: 2000,
  });

  const createAgent = async (name: string, email: string, commissionPercent: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/agents',
      headers: admin,
      payload: { name, email, password: 'a-long-agent-password', commissionPercent },
    });
    expect(res.statusCode, res.body).toBe(200);
    const agent = res.json<{ agent: AgentWire }>().agent;
    const token = await signAccessToken(
      { id: agent._id, email, role: 'agent', sessionId: randomUUID(), ownerId: null },
      t.ctx.config.jwtSecret,
      NOW,
    );
    return { id: agent._id, headers: bearer(token) };
  };
  const hotel = await createAgent('Hotel Mar desk', 'desk@hotelmar.example', 10);
  const harbour = await createAgent('Puerto Colón kiosk', 'kiosk@example.com', 15);

  const sell = (agent: { headers: Record<string, string> }, slotId: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/agent/trips/${slotId}/bookings`,
      headers: agent.headers,
      payload: body,
    });
  const twoAdults = {
    passengers: { adults: 2, children50: 0, kidsFree: 0 },
    customer: { name: 'Familie Becker', email: 'becker@example.de' },
    language: 'de',
    payment: { method: 'cash' },
  };
  const agents = async () =>
    (await t.app.inject({ url: '/api/admin/agents', headers: admin })).json<{ items: AgentWire[] }>().items;

  it("lists the day's bookable trips of the public site, and sells two seats for cash", async () => {
    const trips = await t.app.inject({ url: '/api/agent/trips?date=2027-07-10', headers: hotel.headers });
    expect(trips.statusCode, trips.body).toBe(200);
    expect(trips.json<{ items: { slotId: string }[] }>().items.map((x) => x.slotId)).toEqual([trip.id]);
    // The desk shows the price the sale will charge: €20 a seat-hour, €60 an adult for 3 hours.
    expect(trips.json<{ items: { seatPrice: number }[] }>().items[0]).toMatchObject({ seatPrice: 20 });

    const res = await sell(hotel, trip.id, twoAdults);
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json<{ bookingId: string; status: string; amount: number }>();
    expect(booked).toMatchObject({ status: 'paid', amount: 120 });

    // The agent keeps its 10 % from the cash and owes the operator the net, €108.
    const [payment] = await db.select().from(payments).where(eq(payments.bookingId, booked.bookingId));
    expect(payment).toMatchObject({ method: 'agent_cash', amountCents: 10_800, status: 'succeeded' });
    const details = await t.app.inject({ url: `/api/admin/bookings/${booked.bookingId}`, headers: admin });
    expect(details.json()).toMatchObject({
      channel: { kind: 'agent', name: 'Hotel Mar desk' },
      netReceived: 108,
      // The fee and the owner's share split what was received, as for a reseller's sale.
      payment: { received: 108 },
    });
    const split = details.json<{ platformFee: number; ownerAmount: number }>();
    expect(split.platformFee + split.ownerAmount).toBeCloseTo(108, 2);

    // The customer's usual e-mail, in their language, with the tickets.
    await queueEventEmails(t.ctx);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, booked.bookingId));
    expect(mails.map((m) => m.toAddress)).toEqual(['becker@example.de']);
    expect(mails[0]?.subject).toMatch(/Buchung|bestätigt/i);

    const sales = await t.app.inject({ url: '/api/agent/sales', headers: hotel.headers });
    expect(sales.json()).toMatchObject({
      name: 'Hotel Mar desk',
      month: { bookings: 1, sold: 120, commission: 12, net: 108 },
      balance: { cashNet: 108, refunded: 0, held: 108, settled: 0, owed: 108 },
      items: [{ bookingId: booked.bookingId, payment: 'cash', amount: 120, commission: 12, people: 2 }],
    });
  });

  it('offers the seats the site offers: those the operator marked taken are gone', async () => {
    const busy = await createSlot(db, boat.id, {
      type: 'shared',
      start: new Date('2027-07-10T15:00:00Z'),
      hours: 2,
      seatsTotal: 6,
      seatPriceCents: 2000,
    });
    const offered = async () =>
      (await t.app.inject({ url: '/api/agent/trips?date=2027-07-10', headers: hotel.headers }))
        .json<{ items: { slotId: string; seatsLeft: number }[] }>()
        .items.find((x) => x.slotId === busy.id);
    expect(await offered()).toMatchObject({ seatsLeft: 6 });
    // The operator marks four seats taken (a group paid at the harbour), as the trip's form does.
    await db.update(slots).set({ seatsTaken: 4 }).where(eq(slots.id, busy.id));
    expect(await offered()).toMatchObject({ seatsLeft: 2 });
    await db.update(slots).set({ seatsTaken: 6 }).where(eq(slots.id, busy.id));
    expect(await offered()).toBeUndefined();
  });

  it('sees only its own sales; sells no trip off the public site; reaches no back-office page', async () => {
    const other = await t.app.inject({ url: '/api/agent/sales', headers: harbour.headers });
    expect(other.json()).toMatchObject({ items: [], balance: { owed: 0 } });
    expect((await sell(harbour, draftTrip.id, twoAdults)).statusCode).toBe(404);
    const staffOnly = await t.app.inject({ url: '/checkout/bookings', headers: hotel.headers });
    expect(staffOnly.statusCode).toBe(403);
    const adminOnly = await t.app.inject({ url: '/api/admin/agents', headers: hotel.headers });
    expect(adminOnly.statusCode).toBe(403);
    // Bad input: 400 naming the field.
    const bad = await sell(hotel, trip.id, { ...twoAdults, payment: { method: 'link' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('payment.holdHours');
  });

  it('a payment link holds the seats and earns no commission; the card money reaches the operator whole', async () => {
    const res = await sell(harbour, trip.id, {
      ...twoAdults,
      passengers: { adults: 1, children50: 0, kidsFree: 0 },
      payment: { method: 'link', holdHours: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', method: 'link' });
    const row = (await agents()).find((a) => a._id === harbour.id);
    expect(row?.balance.owed).toBe(0);
  });

  it('the admin sees what each agent owes, records a settlement (audited), and is refused more than owed', async () => {
    expect((await agents()).map((a) => [a.name, a.balance.owed])).toEqual([
      ['Hotel Mar desk', 108],
      ['Puerto Colón kiosk', 0],
    ]);
    const tooMuch = await t.app.inject({
      method: 'POST',
      url: `/api/admin/agents/${hotel.id}/settlements`,
      headers: admin,
      payload: { amount: 108.01 },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.body).toContain('amount');

    const settled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/agents/${hotel.id}/settlements`,
      headers: admin,
      payload: { amount: 100, note: 'Cash handed over at the office' },
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json<{ agent: AgentWire }>().agent.balance).toEqual({
      cashNet: 108,
      refunded: 0,
      held: 108,
      settled: 100,
      owed: 8,
      lastSettlement: { amount: 100, receivedOn: '2027-07-10' },
    });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'agent.settle'), eq(auditLog.objectId, hotel.id)));
    expect(audit).toHaveLength(1);
  });

  it('a refund of a cash sale is handed back by the agent: it owes that much less', async () => {
    const res = await sell(hotel, trip.id, {
      ...twoAdults,
      passengers: { adults: 1, children50: 0, kidsFree: 0 },
    });
    const { bookingId } = res.json<{ bookingId: string }>();
    expect((await agents()).find((a) => a._id === hotel.id)?.balance.owed).toBe(62);
    for (const action of ['cancel', 'refund']) {
      const done = await t.app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${bookingId}/${action}`,
        headers: admin,
        payload: { reason: 'The customer fell ill' },
      });
      expect(done.statusCode, done.body).toBe(200);
    }
    // Sold 108 + 54, settled 100, handed back 54: owes 8 again.
    expect((await agents()).find((a) => a._id === hotel.id)?.balance).toEqual({
      cashNet: 162,
      refunded: 54,
      held: 108,
      settled: 100,
      owed: 8,
      lastSettlement: { amount: 100, receivedOn: '2027-07-10' },
    });
  });

  it('sells a charter of the hours chosen: its hours are taken, and a second agent on them is refused', async () => {
    // Five free hours from 11:00 (Canary); the boat sells 2 to 4 hours at €150 an hour.
    const yacht = await createBoat(db, {
      title: { en: 'Blue Yacht' },
      minDurationHours: 2,
      maxDurationHours: 4,
      pricePerHourCents: 15_000,
    });
    const hours = [];
    for (let h = 0; h < 5; h++) {
      hours.push(
        await createSlot(db, yacht.id, { type: 'private', start: new Date(Date.UTC(2027, 6, 10, 10 + h)) }),
      );
    }
    type Day = { charters: { slotId: string; lengths: { hours: number; price: number }[] }[] };
    const day = async () =>
      (await t.app.inject({ url: '/api/agent/trips?date=2027-07-10', headers: harbour.headers })).json<Day>()
        .charters;
    // The last hour alone is shorter than the boat's minimum: no start there.
    const before = await day();
    expect(before.map((c) => c.slotId)).toEqual(hours.slice(0, 4).map((h) => h.id));
    expect(before[0]?.lengths).toEqual([
      { hours: 2, price: 300 },
      { hours: 3, price: 450 },
      { hours: 4, price: 600 },
    ]);
    expect(before[3]?.lengths).toEqual([{ hours: 2, price: 300 }]);

    const noHours = await sell(hotel, hours[0]!.id, twoAdults);
    expect(noHours.statusCode).toBe(400);
    expect(noHours.body).toContain('durationHours');

    // 450 €, above the simplified-invoice limit: the customer's invoice names them and their
    // address, which the agent asks as the site's checkout does; refused without it, nothing taken.
    const noAddress = await sell(hotel, hours[0]!.id, { ...twoAdults, durationHours: 3 });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json()).toMatchObject({
      error: 'address_required',
      fields: [{ path: 'body.customer.address' }],
    });
    expect((await day()).map((c) => c.slotId)).toEqual(hours.slice(0, 4).map((h) => h.id));

    const address = 'Hauptstraße 5, 10115 Berlin';
    const sold = await sell(hotel, hours[0]!.id, {
      ...twoAdults,
      customer: { ...twoAdults.customer, address },
      durationHours: 3,
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const booked = sold.json<{ bookingId: string; status: string; amount: number }>();
    expect(booked).toMatchObject({ status: 'paid', amount: 450 });
    const [invoice] = await invoicesOfBooking(db, booked.bookingId);
    const shown = await t.app.inject({ url: `/api/owner/customer-invoices/${invoice!.id}`, headers: admin });
    expect(shown.json<CustomerInvoiceDetail>()).toMatchObject({
      total: 450,
      buyer: { name: 'Familie Becker', address },
    });
    const claims = await db.select().from(bookingSlots).where(eq(bookingSlots.bookingId, booked.bookingId));
    expect(claims.map((c) => c.slotId).sort()).toEqual(
      hours
        .slice(0, 3)
        .map((h) => h.id)
        .sort(),
    );
    const [payment] = await db.select().from(payments).where(eq(payments.bookingId, booked.bookingId));
    expect(payment).toMatchObject({ method: 'agent_cash', amountCents: 40_500 });

    // Its hours are gone from every agent's day; the other agent is refused them.
    expect((await day()).map((c) => c.slotId)).toEqual([hours[3]!.id]);
    const again = await sell(harbour, hours[1]!.id, { ...twoAdults, durationHours: 2 });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ error: 'slots_unavailable' });
  });
});
