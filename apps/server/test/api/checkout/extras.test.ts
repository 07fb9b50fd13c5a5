// Extras on a booking (issue 26): edited with the boat by the admin, chosen at checkout, priced
// by the server, kept on the booking at their price, the platform's own not split with the owner.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newBoatDefaults } from '@boats/domain/schemas/boat';
import { boats, bookings, emailOutbox } from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import {
  bookingUrl,
  buyAndConfirm,
  createBoat,
  createSharedTrip,
  HOUR,
  requestHold,
  sharedRequest,
} from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const TRIP = new Date('2027-06-12T17:00:00Z'); // a Saturday, 18:00 in the Canaries

const TRANSFER_ID = '0b5d8d8e-6d47-4f39-9a43-2b2f2f2f0001';
const PROSECCO_ID = '0b5d8d8e-6d47-4f39-9a43-2b2f2f2f0002';
const EXTRAS = [
  {
    id: TRANSFER_ID,
    name: { en: 'Hotel transfer', es: 'Traslado desde el hotel' },
    description: { en: 'From your hotel and back.' },
    priceCents: 1500,
    per: 'person' as const,
    maxQuantity: 12,
    noticeHours: 12,
    provider: 'platform' as const,
  },
  {
    id: PROSECCO_ID,
    name: { en: 'Bottle of prosecco', es: 'Botella de prosecco' },
    description: { en: 'Chilled.' },
    priceCents: 3500,
    per: 'booking' as const,
    maxQuantity: 4,
    noticeHours: 24,
    provider: 'owner' as const,
  },
];

describe('extras', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const boat = await createBoat(db, { extras: EXTRAS });
  const family = { adults: 2, children50: 1, kidsFree: 1 };

  it('the boat answer lists its extras in euros', async () => {
    const trip = await createSharedTrip(db, boat.id, TRIP);
    const res = await t.app.inject(
      `/api/boat/${boat.id}?start=${trip.startsAt.toISOString()}&end=${new Date(TRIP.getTime() + 24 * HOUR).toISOString()}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ boat: { extras: unknown[] } }>().boat.extras).toEqual([
      expect.objectContaining({ id: TRANSFER_ID, price: 15, per: 'person', noticeHours: 12 }),
      expect.objectContaining({ id: PROSECCO_ID, price: 35, per: 'booking', maxQuantity: 4 }),
    ]);
  });

  it('a family adds a transfer for four and two bottles: the total, the booking and the split', async () => {
    const trip = await createSharedTrip(db, boat.id, new Date(TRIP.getTime() + 24 * HOUR));
    const extras = [
      { id: TRANSFER_ID, quantity: 4 },
      { id: PROSECCO_ID, quantity: 2 },
    ];
    const tripOnly = sharedRequest(boat.id, trip, family);
    const body = sharedRequest(boat.id, trip, family, {
      amount: tripOnly.amount + 4 * 1500 + 2 * 3500,
      customer: { name: 'Ana García', email: 'ana@example.com' },
      lang: 'es',
    });
    (body.booking as Record<string, unknown>).extras = extras;

    // The trip's price without the extras is a wrong total, refused with the right one.
    const cheap = structuredClone(body);
    cheap.amount = tripOnly.amount;
    const refused = await requestHold(t.app, cheap);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'price_mismatch', details: { serverAmount: body.amount } });

    const { bookingId } = await buyAndConfirm(t.app, body);
    const view = (await t.app.inject(bookingUrl(t.ctx, bookingId))).json<{
      booking: { amountGross: number; extras: unknown[] };
    }>().booking;
    expect(view.amountGross).toBe(body.amount / 100);
    expect(view.extras).toEqual([
      { id: TRANSFER_ID, name: EXTRAS[0]!.name, per: 'person', quantity: 4, unitPrice: 15, total: 60 },
      { id: PROSECCO_ID, name: EXTRAS[1]!.name, per: 'booking', quantity: 2, unitPrice: 35, total: 70 },
    ]);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    // The €60 transfer is the platform's whole; the trip and the prosecco are split at 15 %: the
    // sale is kept at the rate that gives the platform both, to the basis point.
    const fee = Math.round((body.amount - 6000) * 0.15) + 6000;
    expect(row?.commissionBps).toBe(Math.round((fee * 10_000) / body.amount));

    // The confirmation e-mail lists them in the booking's language (Spanish here).
    await queueEventEmails(t.ctx);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
    expect(mail?.textBody).toMatch(/Botella de prosecco: 2 × 35,00\s€ = 70,00\s€/);
    expect(mail?.textBody).toMatch(/Traslado desde el hotel: 4 × 15,00\s€ = 60,00\s€/);
  });

  it('refuses with the field: an unknown extra, too many, and prosecco less than 24 h ahead', async () => {
    const trip = await createSharedTrip(db, boat.id, new Date(TRIP.getTime() + 2 * 24 * HOUR));
    const attempt = (extras: unknown[], slot = trip) => {
      const body = sharedRequest(boat.id, slot, family);
      (body.booking as Record<string, unknown>).extras = extras;
      return requestHold(t.app, body);
    };
    const unknown = await attempt([{ id: '0b5d8d8e-6d47-4f39-9a43-2b2f2f2f0009', quantity: 1 }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: 'unknown_extra',
      details: { field: 'booking.extras.0.id' },
    });
    const tooMany = await attempt([{ id: TRANSFER_ID, quantity: 5 }]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      error: 'extra_too_many',
      details: { field: 'booking.extras.0.quantity' },
    });

    const tomorrow = await createSharedTrip(db, boat.id, new Date(NOW.getTime() + 20 * HOUR));
    const late = await attempt([{ id: PROSECCO_ID, quantity: 1 }], tomorrow);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: 'extra_too_late', details: { field: 'booking.extras.0.id' } });
  });

  it('a sale keeps its extras at their price when the boat changes them', async () => {
    const trip = await createSharedTrip(db, boat.id, new Date(TRIP.getTime() + 3 * 24 * HOUR));
    const tripOnly = sharedRequest(boat.id, trip, family);
    const body = sharedRequest(boat.id, trip, family, { amount: tripOnly.amount + 3500 });
    (body.booking as Record<string, unknown>).extras = [{ id: PROSECCO_ID, quantity: 1 }];
    const { bookingId } = await buyAndConfirm(t.app, body);
    await db
      .update(boats)
      .set({ extras: [{ ...EXTRAS[1]!, priceCents: 5000 }] })
      .where(eq(boats.id, boat.id));
    const view = (await t.app.inject(bookingUrl(t.ctx, bookingId))).json<{
      booking: { extras: { unitPrice: number }[] };
    }>().booking;
    expect(view.extras).toEqual([expect.objectContaining({ unitPrice: 35, total: 35 })]);
  });
});

describe('extras in the boat editor', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const admin = bearer(await tokenFor(t, 'admin'));

  it('the admin adds extras with their texts; ids are given once and kept; a bad one names its field', async () => {
    const extra = {
      name: { en: 'Event decoration', es: 'Decoración', de: 'Dekoration' },
      description: { en: 'Balloons and flowers.' },
      price: 80,
      per: 'booking',
      maxQuantity: 1,
      noticeHours: 48,
      provider: 'owner',
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/boats',
      headers: admin,
      payload: { ...newBoatDefaults, title: 'Party Cat', extras: [extra] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const boat = created.json<{ boat: { _id: string; extras: { id: string }[] } }>().boat;
    expect(boat.extras).toEqual([{ ...extra, id: expect.any(String) }]);
    const id = boat.extras[0]!.id;

    const update = (extras: unknown[]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/boats/update/${boat._id}`,
        headers: admin,
        payload: { ...newBoatDefaults, title: 'Party Cat', extras },
      });
    const kept = await update([{ ...extra, id, price: 90 }]);
    expect(kept.json<{ boat: { extras: unknown[] } }>().boat.extras).toEqual([{ ...extra, id, price: 90 }]);

    const bad = await update([{ ...extra, name: { en: ' ' }, maxQuantity: 0 }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/extras\.0\.(name\.en|maxQuantity)/);
    // A form that does not send the extras keeps them.
    const untouched = await update(undefined as unknown as unknown[]);
    expect(untouched.json<{ boat: { extras: unknown[] } }>().boat.extras).toHaveLength(1);
  });
});
