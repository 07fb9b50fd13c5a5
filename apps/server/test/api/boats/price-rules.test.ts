// Seasonal, weekday and start-time prices (issue 26, docs/payments.md#pricing): edited with the
// boat, charged by the checkout and the walk-in form at the rules' price for the trip's start,
// shown as the boat's honest "from" prices, and never changing a sale once made.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seasonalRates, type PriceRule } from '@boats/domain/price-rules';
import { bookingPrice } from '@boats/domain/pricing';
import { newBoatDefaults } from '@boats/domain/schemas/boat';
import { boats, bookings, tickets } from '../../../src/db/schema';
import { charterRatesOfRow } from '../../../src/modules/boats/boat-mapper';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import {
  bookingUrl,
  buyAndConfirm,
  confirmReturn,
  createBoat,
  createPrivateRun,
  createSharedTrip,
  HOUR,
  payByCard,
  requestHold,
  sharedRequest,
  startCheckout,
} from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-07-01T09:00:00Z');
// Saturday 10 July 2027, 19:00 in the Canaries: high season, weekend and sunset.
const SUNSET_SATURDAY = new Date('2027-07-10T18:00:00Z');
// Wednesday 14 July 2027, 11:00: high season only.
const MIDWEEK = new Date('2027-07-14T10:00:00Z');

const RULES: PriceRule[] = [
  {
    id: '5b7c4a52-0000-4000-8000-000000000001',
    kind: 'dates',
    from: '2027-07-01',
    to: '2027-08-31',
    change: { type: 'percent', percent: 25 },
  },
  {
    id: '5b7c4a52-0000-4000-8000-000000000002',
    kind: 'weekdays',
    days: [6, 7],
    change: { type: 'percent', percent: 10 },
  },
  {
    id: '5b7c4a52-0000-4000-8000-000000000003',
    kind: 'times',
    from: '18:00',
    to: '21:00',
    change: {
      type: 'fixed',
      perHourCents: null,
      halfDayCents: null,
      fullDayCents: null,
      seatPerHourCents: 4000,
    },
  },
];
const family = { adults: 2, children50: 1, kidsFree: 1 };

/** The request the booking screen sends: the rules' seat price for this start. */
function seasonalSharedRequest(
  boat: typeof boats.$inferSelect,
  slot: { id: string; startsAt: Date; endsAt: Date; seatPriceCents: number },
  extra: Record<string, unknown> = {},
) {
  const rates = seasonalRates(
    { charter: charterRatesOfRow(boat), seatPerHourCents: slot.seatPriceCents },
    boat.priceRules,
    slot.startsAt,
  );
  return sharedRequest(boat.id, { ...slot, seatPriceCents: rates.seatPerHourCents }, family, extra);
}

describe('seasonal prices at checkout', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const boat = await createBoat(db, { priceRules: RULES, pricePerHourCents: 20_000 });

  it('charges a Saturday sunset in high season the rules’ price and refuses the published one', async () => {
    const trip = await createSharedTrip(db, boat.id, SUNSET_SATURDAY, { seatPriceCents: 2000 });
    // €20 → +25 % → +10 % → sunset's fixed €40 a seat-hour; 2.5 paid units × €40 × 2 h = €200.
    const body = seasonalSharedRequest(boat, trip);
    expect(body.amount).toBe(20_000);
    const published = sharedRequest(boat.id, trip, family);
    const refused = await requestHold(t.app, published);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'price_mismatch', details: { serverAmount: 20_000 } });

    const { bookingId } = await buyAndConfirm(t.app, body);
    const seats = await db.select().from(tickets).where(eq(tickets.bookingId, bookingId));
    expect(seats.reduce((sum, s) => sum + s.pricePaidCents, 0)).toBe(20_000);
  });

  it('a midweek high-season charter costs 25 % more an hour', async () => {
    const run = await createPrivateRun(db, boat.id, MIDWEEK, 3);
    const rates = seasonalRates({ charter: charterRatesOfRow(boat), seatPerHourCents: 0 }, RULES, MIDWEEK);
    const price = bookingPrice({ mode: 'private', rates: rates.charter, hours: 2 });
    expect(price.amountCents).toBe(50_000); // 2 h × €250
    const checkout = await startCheckout(t.app, {
      currency: 'eur',
      amount: price.amountCents,
      booking: {
        boatId: boat.id,
        mode: 'private',
        slotId: run[0]!.id,
        dateISO: MIDWEEK.toISOString(),
        durationHours: 2,
        tickets: { adults: 2, children50: 0, kidsFree: 0 },
        priceBreakdown: price.breakdown,
      },
    });
    expect(checkout.amount).toBe(50_000);
  });

  it('a rule changed after the sale (or while the card is being paid) never changes the sale', async () => {
    const sold = await createSharedTrip(db, boat.id, new Date(SUNSET_SATURDAY.getTime() + 24 * HOUR), {
      seatPriceCents: 2000,
    });
    const { bookingId } = await buyAndConfirm(t.app, seasonalSharedRequest(boat, sold));
    const waiting = await createSharedTrip(db, boat.id, new Date(SUNSET_SATURDAY.getTime() + 7 * 24 * HOUR), {
      seatPriceCents: 2000,
    });
    const hold = await startCheckout(t.app, seasonalSharedRequest(boat, waiting));

    // The owner drops every rule.
    await db.update(boats).set({ priceRules: [] }).where(eq(boats.id, boat.id));

    // The hold is paid afterwards: its tickets are priced at what it was sold at.
    expect((await payByCard(t.app, hold.clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect((await confirmReturn(t.app, hold.intentId)).statusCode).toBe(200);
    for (const id of [bookingId, hold.bookingId]) {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
      expect(row?.amountGrossCents).toBe(20_000);
      expect(row?.priceBreakdown).toMatchObject({ unitPerHour: 40, total: 200 });
      const seats = await db.select().from(tickets).where(eq(tickets.bookingId, id));
      expect(seats.reduce((sum, s) => sum + s.pricePaidCents, 0)).toBe(20_000);
      const view = (await t.app.inject(bookingUrl(t.ctx, id))).json<{
        booking: { amountGross: number };
      }>();
      expect(view.booking.amountGross).toBe(200);
    }
    await db.update(boats).set({ priceRules: RULES }).where(eq(boats.id, boat.id));
  });

  it('a walk-in is charged the same seasonal price as the site', async () => {
    const crew = bearer(await tokenFor(t, 'crew'));
    const trip = await createSharedTrip(db, boat.id, new Date(SUNSET_SATURDAY.getTime() + 14 * 24 * HOUR), {
      seatPriceCents: 2000,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/crew/trips/${trip.id}/bookings`,
      headers: crew,
      payload: {
        passengers: family,
        customer: { name: 'Familia García', phone: '+34 600 111 222' },
        language: 'es',
        payment: { method: 'cash' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: 200, method: 'cash' });
  });

  it('the boat answers carry the rules and the lowest prices of the weeks ahead', async () => {
    const res = await t.app.inject(
      `/api/boat/${boat.id}?start=${NOW.toISOString()}&end=${new Date(NOW.getTime() + 30 * 24 * HOUR).toISOString()}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{
      boat: {
        priceRules: { kind: string }[];
        offers: { charterFrom?: { perHour: number }; seatFromPerHour?: number };
      };
    }>().boat;
    expect(answer.priceRules.map((r) => r.kind)).toEqual(['dates', 'weekdays', 'times']);
    // Every open trip ahead is in high season: the hour is €250, never the published €200; the
    // cheapest seat is a sunset's €40 (the other trips are sold or held, but still open).
    expect(answer.offers.charterFrom?.perHour).toBe(250);
    expect(answer.offers.seatFromPerHour).toBe(40);
    const catalogue = (await t.app.inject('/api/boats')).json<{
      items: { _id: string; offers: unknown }[];
    }>();
    expect(catalogue.items.find((b) => b._id === boat.id)?.offers).toMatchObject({
      charterFrom: { perHour: 250 },
    });
  });
});

describe('price rules in the boat editor', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const admin = bearer(await tokenFor(t, 'admin'));

  it('the admin saves rules with the boat; a bad one is refused naming its field', async () => {
    const rule = {
      kind: 'weekdays',
      from: '',
      to: '',
      days: [6, 7],
      change: 'percent',
      percent: 10,
      perHour: null,
      halfDay: null,
      fullDay: null,
      seatPerHour: null,
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/boats',
      headers: admin,
      payload: { ...newBoatDefaults, title: 'Weekend Cat', priceRules: [rule] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const boat = created.json<{ boat: { _id: string; priceRules: { id: string }[] } }>().boat;
    expect(boat.priceRules).toEqual([{ ...rule, id: expect.any(String) }]);

    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/boats/update/${boat._id}`,
      headers: admin,
      payload: {
        ...newBoatDefaults,
        title: 'Weekend Cat',
        priceRules: [{ ...rule, kind: 'times', from: '21:00', to: '18:00' }],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('priceRules.0.to');
  });
});
