// What the OCTO project's validator checks of a supplier (docs/channels.md#the-octo-validator),
// held here against @octocloud/types' schemas: every option a product lists can be booked, a
// charter-only boat's default is a charter; a unit item carries its ticket from the reservation
// on; the errors OCTO defines for an unknown unit, for dates and ids together and for a body
// that is not JSON; PATCH with any subset of what a reseller may change; confirms repeated at
// once answer the confirmed booking; a confirm with other units changes the hold to them; a
// cancellation answers its reason; prices say the IGIC they include; bookings found by either
// reference; and the contact answered as the reseller gave it.
import {
  zBooking,
  zErrorBadRequest,
  zErrorInvalidProductId,
  zErrorInvalidUnitId,
  zProduct,
} from '@octocloud/types';
import { eq } from 'drizzle-orm';
import { splitTaxIncluded } from '@boats/domain/customer-invoice';
import { describe, expect, it } from 'vitest';
import { bookings, emailOutbox, payments, resellerBookings } from '../../../src/db/schema';
import { personalDataOf } from '../../../src/modules/data-rights/personal-data-export';
import { blankBookings } from '../../../src/modules/erasure/anonymise';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { pricingOf } from '../../../src/modules/octo/octo-catalogue';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { createBoat, createPrivateRun, createSlot, HOUR } from '../../helpers/checkout-fixtures';
import { customerToken } from '../../helpers/manage-token';
import { newReseller } from '../../helpers/reseller-fixture';
import { buildTestApp } from '../../helpers/test-app';

// 10:00 in the Canaries (winter time: UTC+0); the trips leave in three days.
const NOW = new Date('2027-02-10T10:00:00Z');
const TRIP = new Date('2027-02-13T11:00:00Z');

describe('the OCTO contract the validator checks', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  // A boat sold by the seat (and as a charter), a charter-only boat, and one with nothing ahead.
  const seats = await createBoat(db, { title: { en: 'Dolphin Star' }, capacity: 12, sortOrder: 3 });
  const trip = await createSlot(db, seats.id, {
    type: 'shared',
    start: TRIP,
    hours: 3,
    seatsTotal: 12,
    seatPriceCents: 2000,
  });
  const charterOnly = await createBoat(db, {
    title: { en: 'Sea Breeze' },
    capacity: 8,
    sortOrder: 1,
    minDurationHours: 2,
    maxDurationHours: 3,
  });
  const hours = await createPrivateRun(db, charterOnly.id, new Date(TRIP.getTime() + 24 * HOUR), 4);
  const idle = await createBoat(db, { title: { en: 'Laid up' }, sortOrder: 2 });
  // A larger boat by the seat, last in the fleet's order.
  const catamaran = await createBoat(db, { title: { en: 'Teide Spirit' }, capacity: 60, sortOrder: 4 });
  await createSlot(db, catamaran.id, {
    type: 'shared',
    start: TRIP,
    hours: 3,
    seatsTotal: 60,
    seatPriceCents: 2000,
  });
  const viator = await newReseller(t, admin);
  const contact = { fullName: 'Ana Pérez', emailAddress: 'ana@example.com' };

  const octo = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: object | string) =>
    t.app.inject({
      method,
      url: `/octo${url}`,
      headers: {
        authorization: `Bearer ${viator.key}`,
        'octo-capabilities': 'octo/pricing',
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: body } : {}),
    });
  const reserve = async (extra: object = {}) => {
    const res = await octo('POST', '/bookings', {
      productId: seats.id,
      optionId: 'DEFAULT',
      availabilityId: trip.id,
      unitItems: [{ unitId: 'adult' }, { unitId: 'child' }],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return zBooking.parse(res.json());
  };

  it('lists only what can be booked: every option with its start times, a charter-only boat defaulting to a charter', async () => {
    const res = await octo('GET', '/products');
    expect(res.statusCode, res.body).toBe(200);
    const products = res.json<unknown[]>().map((p) => zProduct.parse(p));
    // Seats first (the boats with shared trips, the most seats first: the validator books the
    // first product's trip again and again), then the charter-only boat; nothing for the idle one.
    expect(products.map((p) => p.id)).toEqual([catamaran.id, seats.id, charterOnly.id]);
    for (const product of products) {
      expect(product.options.filter((o) => o.default)).toEqual([product.options[0]]);
      for (const option of product.options)
        expect(option.availabilityLocalStartTimes.length).toBeGreaterThan(0);
    }
    expect(products[2]!.options.map((o) => o.id)).toEqual(['CHARTER_2H', 'CHARTER_3H']);
    expect(products[2]!.options[0]!.availabilityLocalStartTimes).toEqual(['11:00', '12:00', '13:00']);
    // The default option of each product answers availability.
    for (const product of products) {
      const available = await octo('POST', '/availability', {
        productId: product.id,
        optionId: product.options[0]!.id,
        localDateStart: '2027-02-13',
        localDateEnd: '2027-02-14',
      });
      expect(available.json<{ available: boolean }[]>().filter((a) => a.available).length).toBeGreaterThan(0);
    }
    const none = await octo('GET', `/products/${idle.id}`);
    expect(none.statusCode).toBe(400);
    expect(zErrorInvalidProductId.parse(none.json())).toMatchObject({ productId: idle.id });
    expect(hours).toHaveLength(4);
  });

  it('says the IGIC its prices include, at the rate of whoever invoices the sale (none when exempt)', async () => {
    const product = zProduct.parse((await octo('GET', `/products/${seats.id}`)).json());
    const adult = product.options[0]!.units.find((u) => u.id === 'adult')!.pricingFrom![0]!;
    // The platform's own boat: IGIC_PERCENT (7) included in the retail price and in the net.
    expect(adult.includedTaxes).toEqual([
      {
        name: 'IGIC 7%',
        original: splitTaxIncluded(adult.retail, 700).quotaCents,
        retail: splitTaxIncluded(adult.retail, 700).quotaCents,
        net: splitTaxIncluded(adult.net!, 700).quotaCents,
      },
    ]);
    expect(adult.includedTaxes[0]!.retail).toBe(393); // €60.00 = €56.07 + €3.93
    const held = await reserve();
    expect(held.pricing!.includedTaxes[0]).toMatchObject({
      name: 'IGIC 7%',
      retail: splitTaxIncluded(held.pricing!.retail, 700).quotaCents,
    });
    await octo('POST', `/bookings/${held.uuid}/cancel`, {});
    // An owner exempt from IGIC (its sales' invoices carry the exemption) includes none.
    expect(pricingOf(6000, 2000, null).includedTaxes).toEqual([]);
  });

  it('gives every unit item its ticket from the reservation on, its QR code once sold', async () => {
    const held = await reserve();
    expect(held.unitItems.map((u) => u.ticket)).toEqual([
      { redemptionMethod: 'DIGITAL', utcRedeemedAt: null, deliveryOptions: [] },
      { redemptionMethod: 'DIGITAL', utcRedeemedAt: null, deliveryOptions: [] },
    ]);
    const sold = zBooking.parse((await octo('POST', `/bookings/${held.uuid}/confirm`, { contact })).json());
    for (const unit of sold.unitItems) {
      expect(unit.ticket).toMatchObject({ redemptionMethod: 'DIGITAL', utcRedeemedAt: null });
      expect(unit.ticket?.deliveryOptions).toEqual([
        { deliveryFormat: 'QRCODE', deliveryValue: expect.stringMatching(/\S{6,}/) as unknown },
      ]);
    }
    expect(sold.voucher).toBeNull();
  });

  it('answers the errors OCTO defines: an unknown unit, dates and ids together, a body that is not JSON', async () => {
    const held = await reserve();
    const unknownUnit = await octo('POST', `/bookings/${held.uuid}/confirm`, {
      contact,
      unitItems: [{ unitId: 'pirate' }],
    });
    expect(unknownUnit.statusCode, unknownUnit.body).toBe(400);
    expect(zErrorInvalidUnitId.parse(unknownUnit.json())).toMatchObject({ unitId: 'pirate' });
    const both = await octo('POST', '/availability', {
      productId: seats.id,
      optionId: 'DEFAULT',
      localDateStart: '2027-02-13',
      localDateEnd: '2027-02-13',
      availabilityIds: [trip.id],
    });
    expect(both.statusCode).toBe(400);
    zErrorBadRequest.parse(both.json());
    const notJson = await octo('POST', '/bookings', '{"productId":');
    expect(notJson.statusCode).toBe(400);
    zErrorBadRequest.parse(notJson.json());
  });

  it('changes any subset of what a reseller may change with PATCH, and answers the booking', async () => {
    const held = await reserve();
    for (const change of [
      {},
      { expirationMinutes: 45 },
      { contact: { fullName: 'Ana Pérez', emailAddress: 'ana@example.com' } },
      { notes: 'Window seats' },
      { resellerReference: 'VI-2041' },
      { unitItems: [{ unitId: 'adult' }] },
    ]) {
      const res = await octo('PATCH', `/bookings/${held.uuid}`, change);
      expect(res.statusCode, `${JSON.stringify(change)}: ${res.body}`).toBe(200);
      zBooking.parse(res.json());
    }
    const now = zBooking.parse((await octo('GET', `/bookings/${held.uuid}`)).json());
    expect(now).toMatchObject({ resellerReference: 'VI-2041', notes: 'Window seats', status: 'ON_HOLD' });
    expect(now.unitItems).toHaveLength(1);
    expect(now.contact.fullName).toBe('Ana Pérez');
    expect(Date.parse(now.utcExpiresAt!)).toBe(NOW.getTime() + 45 * 60_000);
  });

  it('answers the contact as the reseller gave it, on reserve, PATCH, confirm and GET; the booking’s customer is its name and address; exported and erased with them', async () => {
    // What the validator sends (Booking Update - Contact).
    const given = {
      fullName: 'John Doe',
      firstName: 'John',
      lastName: 'Doe',
      emailAddress: 'johndoe@example.com',
      phoneNumber: '+00000000',
      country: 'GB',
      notes: 'Test notes contact',
      locales: ['en'],
    };
    // On a trip of its own, so the seats it sells leave the others' trip as it was.
    const own = await createSlot(db, seats.id, {
      type: 'shared',
      start: new Date(TRIP.getTime() + 96 * HOUR),
      hours: 3,
      seatsTotal: 12,
      seatPriceCents: 2000,
    });
    const held = await reserve({ availabilityId: own.id, contact: given });
    expect(held.contact).toMatchObject(given);
    const read = zBooking.parse((await octo('GET', `/bookings/${held.uuid}`)).json());
    expect(read.contact).toMatchObject(given);
    expect(read.unitItems[0]!.contact).toMatchObject(given);

    // A PATCH changes the fields it gives and keeps the others.
    const patched = await octo('PATCH', `/bookings/${held.uuid}`, {
      contact: { firstName: 'Jane', fullName: 'Jane Doe', notes: null },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const afterPatch = { ...given, firstName: 'Jane', fullName: 'Jane Doe', notes: null };
    expect(zBooking.parse(patched.json()).contact).toMatchObject(afterPatch);

    const confirmed = await octo('POST', `/bookings/${held.uuid}/confirm`, {
      contact: { ...afterPatch, emailAddress: 'jane@example.com', country: 'IE', locales: ['es-ES'] },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const sold = { ...afterPatch, emailAddress: 'jane@example.com', country: 'IE', locales: ['es-ES'] };
    expect(zBooking.parse(confirmed.json()).contact).toMatchObject(sold);
    expect(zBooking.parse((await octo('GET', `/bookings/${held.uuid}`)).json()).contact).toMatchObject(sold);

    // Tickets, e-mails and invoices read the booking's own customer, derived from it.
    const [row] = await db.select().from(bookings).where(eq(bookings.id, held.id));
    expect(row).toMatchObject({
      customerName: 'Jane Doe',
      customerEmail: 'jane@example.com',
      customerPhone: '+00000000',
      language: 'es',
    });

    const exported = await personalDataOf(t.ctx, 'jane@example.com');
    expect(exported.bookings.find((b) => b.id === held.id)?.reseller).toEqual({
      contact: sold,
      notes: null,
    });
    await db.transaction((tx) => blankBookings(tx, [held.id]));
    const [erased] = await db.select().from(resellerBookings).where(eq(resellerBookings.bookingId, held.id));
    expect(erased).toMatchObject({ contact: null, notes: null });
    const blank = zBooking.parse((await octo('GET', `/bookings/${held.uuid}`)).json()).contact;
    expect(blank).toMatchObject({
      fullName: null,
      firstName: null,
      lastName: null,
      emailAddress: null,
      notes: null,
    });
  });

  it('answers every confirm of the same booking sent at once with the confirmed booking, and sells it once', async () => {
    const held = await reserve();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => octo('POST', `/bookings/${held.uuid}/confirm`, { contact })),
    );
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(zBooking.parse(answer.json()).status).toBe('CONFIRMED');
    }
    const booked = await db.select().from(payments).where(eq(payments.bookingId, held.id));
    expect(booked).toHaveLength(1);
  });

  it('confirms with the unit items it is given (the hold changed to them), and answers a cancellation with its reason', async () => {
    const held = await reserve({ unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }] });
    const units = [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'child' }];
    const res = await octo('POST', `/bookings/${held.uuid}/confirm`, { contact, unitItems: units });
    expect(res.statusCode, res.body).toBe(200);
    const sold = zBooking.parse(res.json());
    expect(sold.status).toBe('CONFIRMED');
    expect(sold.unitItems.map((u) => u.unitId).sort()).toEqual(['adult', 'adult', 'child']);
    // Priced for the new party (two adults and a child), each with its ticket, paid on account.
    const adult = sold.unitItems.find((u) => u.unitId === 'adult')!.pricing!.retail;
    const child = sold.unitItems.find((u) => u.unitId === 'child')!.pricing!.retail;
    expect(sold.pricing!.retail).toBe(2 * adult + child);
    expect(sold.unitItems.every((u) => (u.ticket?.deliveryOptions.length ?? 0) > 0)).toBe(true);
    const [payment] = await db.select().from(payments).where(eq(payments.bookingId, sold.id));
    expect(payment?.amountCents).toBe(sold.pricing!.net);

    // A sale and a hold canceled with a reason answer it, then and when read again.
    const onHold = await reserve({ unitItems: [{ unitId: 'adult' }] });
    for (const uuid of [sold.uuid, onHold.uuid]) {
      const canceled = await octo('POST', `/bookings/${uuid}/cancel`, { reason: 'Customer fell ill' });
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(zBooking.parse(canceled.json())).toMatchObject({
        status: 'CANCELLED',
        cancellation: { reason: 'Customer fell ill' },
      });
      const read = zBooking.parse((await octo('GET', `/bookings/${uuid}`)).json());
      expect(read.cancellation?.reason).toBe('Customer fell ill');
    }
  });

  it('finds a booking by our reference and by the reseller’s', async () => {
    const held = await reserve({ resellerReference: 'VI-7788' });
    for (const query of [`supplierReference=${held.supplierReference}`, 'resellerReference=VI-7788']) {
      const res = await octo('GET', `/bookings?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ uuid: string }[]>().map((b) => b.uuid)).toEqual([held.uuid]);
    }
  });

  it('releases a reservation when its trip is canceled: CANCELLED, its confirm says why, nobody e-mailed', async () => {
    const other = await createSlot(db, seats.id, {
      type: 'shared',
      start: new Date(TRIP.getTime() + 48 * HOUR),
      hours: 3,
      seatsTotal: 12,
      seatPriceCents: 2000,
    });
    const res = await octo('POST', '/bookings', {
      productId: seats.id,
      optionId: 'DEFAULT',
      availabilityId: other.id,
      unitItems: [{ unitId: 'adult' }],
      contact,
    });
    const held = zBooking.parse(res.json());
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${other.id}/cancel`,
      headers: admin,
      payload: { reasonCode: 'storm_warning', note: 'Storm warning', offer: 'refund' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const now = zBooking.parse((await octo('GET', `/bookings/${held.uuid}`)).json());
    expect(now.status).toBe('CANCELLED');
    const confirm = await octo('POST', `/bookings/${held.uuid}/confirm`, { contact });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json()).toEqual({
      error: 'UNPROCESSABLE_ENTITY',
      errorMessage: 'This trip was canceled: the reservation is released.',
    });
    await queueEventEmails(t.ctx);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, held.id))).toEqual([]);
  });

  it("sends a reseller's customer who would cancel on the site to the reseller: no refund promised, nothing refunded", async () => {
    const held = await reserve();
    const sold = zBooking.parse((await octo('POST', `/bookings/${held.uuid}/confirm`, { contact })).json());
    const token = await customerToken(t.ctx, sold.id);
    const quote = await t.app.inject(`/api/bookings/${sold.id}/cancellation?token=${token}`);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ cancellable: false, refund: 0, soldBy: 'Viator' });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${sold.id}/cancel`,
      payload: { token, expectedRefund: 0 },
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ error: 'sold_by_reseller', details: { reseller: 'Viator' } });
    expect(zBooking.parse((await octo('GET', `/bookings/${held.uuid}`)).json()).status).toBe('CONFIRMED');
  });
});
