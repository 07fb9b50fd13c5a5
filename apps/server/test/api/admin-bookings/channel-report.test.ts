// The channel report (docs/back-office.md#channel-reports): a sale through each channel (the
// site, a request to book accepted, a reseller through OCTO, an agent for cash, a walk-in at the
// harbour), one given back in part, one with the platform's cover of a move; each channel's row adds up (retail − commission = net to the
// platform, net − refunds = revenue) at the retail price its customer was charged, the totals are
// the sums of the rows, a month by sale date and by trip date differ when a trip is in another
// month, an owner sees their own boats only, the bookings page's tiles use the same revenue, and a
// bad period is a 400 naming its field.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../../src/modules/auth/access-token';
import { recordPlatformCover } from '../../../src/modules/payments/ledger';
import type { ChannelReport } from '@boats/domain/schemas/channel-report';
import type { BookingsPage } from '@boats/domain/schemas/booking';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { newReseller } from '../../helpers/reseller-fixture';
import {
  buyAndConfirm,
  confirmReturn,
  createBoat,
  createSlot,
  payByCard,
  sharedRequest,
  startCheckout,
} from '../../helpers/checkout-fixtures';

// 09:00 in the Canaries (summer time), July 2027; the July trips leave on the 20th, one in August.
const NOW = new Date('2027-07-10T08:00:00Z');
const JULY_TRIP = new Date('2027-07-20T10:00:00Z');
const AUGUST_TRIP = new Date('2027-08-05T10:00:00Z');

describe('channel reports', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const crew = bearer(await tokenFor(t, 'crew'));
  const ownerId = await newOwner(t, { displayName: 'Marta' });
  const owner = bearer(await tokenFor(t, 'owner', { ownerId }));
  // 5 hours at €20 a seat-hour: an adult's seat is €100.
  const seat = { type: 'shared', hours: 5, seatsTotal: 12, seatPriceCents: 2000 } as const;
  const boat = await createBoat(db, { title: { en: 'Dolphin Star' } });
  const july = await createSlot(db, boat.id, { ...seat, start: JULY_TRIP });
  const august = await createSlot(db, boat.id, { ...seat, start: AUGUST_TRIP });
  const requestBoat = await createBoat(db, { ownerId, bookingMode: 'request', title: { en: 'Marlin Blue' } });
  const requestTrip = await createSlot(db, requestBoat.id, { ...seat, start: JULY_TRIP });

  const adults = (n: number) => ({ adults: n, children50: 0, kidsFree: 0 });
  const report = async (query: string, headers = admin) => {
    const res = await t.app.inject({ url: `/api/admin/bookings/channels?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ChannelReport>();
  };

  // The site: two adults, €200, of which €30 is given back as a goodwill gesture.
  const site = await buyAndConfirm(
    t.app,
    sharedRequest(boat.id, july, adults(2), { customer: { name: 'Ana', email: 'ana@example.com' } }),
  );
  const gesture = await t.app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${site.bookingId}/refund`,
    headers: admin,
    payload: { amount: 30, reason: 'The snorkel gear was missing on board.' },
  });
  expect(gesture.statusCode, gesture.body).toBe(200);

  // A request to book on the owner's boat, one adult (€100), accepted by its owner.
  const requested = await startCheckout(
    t.app,
    sharedRequest(requestBoat.id, requestTrip, adults(1), {
      customer: { name: 'Ben', email: 'ben@example.com' },
    }),
  );
  expect((await payByCard(t.app, requested.clientSecret)).json()).toEqual({ status: 'requires_capture' });
  expect((await confirmReturn(t.app, requested.intentId)).statusCode).toBe(200);
  const accepted = await t.app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${requested.bookingId}/accept`,
    headers: owner,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  // The platform's own €4 on it, as a move to a dearer trip records its cover: never the
  // customer's charge, nor revenue.
  await recordPlatformCover(db, {
    bookingId: requested.bookingId,
    amountCents: 400,
    reason: 'move',
    at: NOW,
  });

  // A reseller on 20 % sells one adult (€100 retail, €80 on account) on the August trip, in July.
  const { key } = await newReseller(t, admin);
  const octo = (url: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/octo${url}`,
      headers: { authorization: `Bearer ${key}`, 'octo-capabilities': 'octo/pricing' },
      payload: body,
    });
  const held = await octo('/bookings', {
    productId: boat.id,
    optionId: 'DEFAULT',
    availabilityId: august.id,
    unitItems: [{ unitId: 'adult' }],
  });
  expect(held.statusCode, held.body).toBe(200);
  const confirmed = await octo(`/bookings/${held.json<{ uuid: string }>().uuid}/confirm`, {
    contact: { fullName: 'Emma Schulz' },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);

  // An agent on 12.5 % sells three adults for cash (€300 retail, €262.50 to hand over).
  const agent = await t.app.inject({
    method: 'POST',
    url: '/api/admin/agents',
    headers: admin,
    payload: {
      name: 'Hotel Mar desk',
      email: 'desk@hotelmar.example',
      password: 'a-long-agent-password',
      commissionPercent: 12.5,
    },
  });
  expect(agent.statusCode, agent.body).toBe(200);
  const agentHeaders = bearer(
    await signAccessToken(
      {
        id: agent.json<{ agent: { _id: string } }>().agent._id,
        email: 'desk@hotelmar.example',
        role: 'agent',
        sessionId: randomUUID(),
        ownerId: null,
      },
      t.ctx.config.jwtSecret,
      NOW,
    ),
  );
  const sell = (slotId: string, headers: Record<string, string>, payload: object, url = 'agent/trips') =>
    t.app.inject({ method: 'POST', url: `/api/${url}/${slotId}/bookings`, headers, payload });
  const cash = { language: 'en', payment: { method: 'cash' } };
  const agentSale = await sell(july.id, agentHeaders, {
    ...cash,
    passengers: adults(3),
    customer: { name: 'Familie Becker', email: 'becker@example.de' },
  });
  expect(agentSale.statusCode, agentSale.body).toBe(201);

  // A walk-in at the harbour: one adult for cash, €100, taken by the crew.
  const walkIn = await sell(
    july.id,
    crew,
    { ...cash, passengers: adults(1), customer: { name: 'Walk-in', phone: '+34 600 111 222' } },
    'crew/trips',
  );
  expect(walkIn.statusCode, walkIn.body).toBe(201);

  const row = (channel: string, name: string | null, retail: number, commission: number, refunds = 0) => ({
    channel,
    name,
    bookings: 1,
    retail,
    commission,
    net: retail - commission,
    refunds,
    revenue: retail - commission - refunds,
  });

  it('each channel at retail, its commission, the net to the platform, refunds and revenue; totals are the rows', async () => {
    const sold = await report('month=2027-07');
    expect(sold.by).toBe('sale');
    // The agent's and the reseller's sales at what their customers paid, not at the net received.
    expect(sold.rows).toEqual([
      row('site', null, 200, 0, 30),
      row('request', null, 100, 0),
      row('reseller', 'Viator', 100, 20),
      row('agent', 'Hotel Mar desk', 300, 37.5),
      row('walk_in', null, 100, 0),
    ]);
    expect(sold.totals).toEqual({
      bookings: 5,
      retail: 800,
      commission: 57.5,
      net: 742.5,
      refunds: 30,
      revenue: 712.5,
    });
  });

  it("by trip date the reseller's August trip leaves July and is August's; nothing was sold in August", async () => {
    const byTrip = await report('month=2027-07&by=trip');
    expect(byTrip.rows.map((r) => r.channel)).toEqual(['site', 'request', 'agent', 'walk_in']);
    expect(byTrip.totals).toMatchObject({ bookings: 4, retail: 700, commission: 37.5, revenue: 632.5 });
    expect((await report('month=2027-08&by=trip')).rows).toEqual([row('reseller', 'Viator', 100, 20)]);
    const august = await report('month=2027-08');
    expect(august).toMatchObject({ by: 'sale', rows: [] });
    expect(august.totals).toEqual({ bookings: 0, retail: 0, commission: 0, net: 0, refunds: 0, revenue: 0 });
  });

  it("an owner sees their own boats' channels only", async () => {
    expect((await report('month=2027-07', owner)).rows).toEqual([row('request', null, 100, 0)]);
  });

  it("the bookings page's tiles count the same revenue, each channel beside its retail", async () => {
    const res = await t.app.inject({
      url: '/checkout/bookings?start=2027-07-01T00:00:00Z&end=2027-08-31T23:59:59Z',
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { kpis } = res.json<BookingsPage>();
    const { totals } = await report('month=2027-07');
    expect(kpis.revenue).toBe(totals.revenue);
    expect(kpis.byChannel).toEqual(
      expect.arrayContaining([
        { kind: 'agent', name: 'Hotel Mar desk', count: 1, retail: 300, revenue: 262.5 },
        { kind: 'reseller', name: 'Viator', count: 1, retail: 100, revenue: 80 },
        { kind: 'site', name: null, count: 2, retail: 300, revenue: 270 },
      ]),
    );
  });

  it('a bad period or basis is a 400 naming its field', async () => {
    for (const [query, field] of [
      ['month=2027-13', 'month'],
      ['month=July', 'month'],
      ['', 'month'],
      ['month=2027-07&by=refund', 'by'],
    ] as const) {
      const res = await t.app.inject({ url: `/api/admin/bookings/channels?${query}`, headers: admin });
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json<{ fields: { path: string }[] }>().fields.map((f) => f.path),
        query,
      ).toEqual([`querystring.${field}`]);
    }
  });
});
