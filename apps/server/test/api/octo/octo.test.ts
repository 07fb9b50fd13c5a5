// The OCTO supplier API's contract: every answer is parsed by OCTO's own published schemas
// (@octocloud/types), so a field missing or of the wrong type fails here. Then the inventory a
// reseller shares with the site: reserve – confirm – cancel, a reservation that lapses, extend,
// a change of units, and each kind of invalid id, on PGlite and PostgreSQL.
import {
  zAvailability,
  zAvailabilityCalendar,
  zBooking,
  zErrorInvalidAvailabilityId,
  zErrorInvalidBookingUuid,
  zErrorInvalidOptionId,
  zErrorInvalidProductId,
  zErrorInvalidUnitId,
  zErrorUnauthorized,
  zErrorUnprocessableEntity,
  zProduct,
  zSupplier,
  FeatureType,
  type Availability,
  type AvailabilityCalendar,
  type Booking,
  type BookingReservationBody,
  type Product,
} from '@octocloud/types';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, payments, tickets } from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { expireLapsedHolds } from '../../../src/modules/jobs/hold-expiry';
import { reconcilePayments } from '../../../src/modules/jobs/payment-reconciliation';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createSlot, HOUR, sharedRequest } from '../../helpers/checkout-fixtures';

// 10:00 in the Canaries (winter time: UTC+0); the trip leaves in three days at 11:00.
const NOW = new Date('2027-02-10T10:00:00Z');
const TRIP = new Date('2027-02-13T11:00:00Z');
const PRICING = { 'octo-capabilities': 'octo/pricing' };

describe('the OCTO supplier API', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const boat = await createBoat(db, {
    title: { en: 'Dolphin Star', es: 'Estrella del Delfín' },
    description: {
      en: 'Dolphins and whales off Los Gigantes. Three hours on a catamaran.',
      es: 'Delfines y ballenas frente a Los Gigantes. Tres horas en catamarán.',
    },
    inclusions: ['snorkelGear', 'softDrinks', 'Cold towels on board'],
    inclusionsI18n: { 'Cold towels on board': { es: 'Toallas frías a bordo' } },
    harbourI18n: { note: { es: 'Pantalán 3, junto a la taquilla azul' } },
    geoNote: 'Pontoon 3, by the blue ticket kiosk',
    sharedMinSeatsToDepart: 4,
    capacity: 12,
    // Chartered whole for 2 or 3 hours at €150 an hour.
    minDurationHours: 2,
    maxDurationHours: 3,
  });
  // 3 hours at €20 a seat-hour: an adult €60, a child 6–12 €30, an infant free.
  const trip = await createSlot(db, boat.id, {
    type: 'shared',
    start: TRIP,
    hours: 3,
    seatsTotal: 6,
    seatPriceCents: 2000,
  });
  const later = await createSlot(db, boat.id, {
    type: 'shared',
    start: new Date(TRIP.getTime() + 5 * HOUR),
    hours: 3,
    seatsTotal: 6,
    seatPriceCents: 2000,
  });

  async function newReseller(name: string, commissionPercent: number, cancellation = 'boat_policy') {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/resellers',
      headers: admin,
      payload: {
        name,
        contactName: 'Partner Desk',
        contactEmail: 'desk@partner.example',
        commissionPercent,
        cancellation,
        boats: { allOptedIn: true, boatIds: [] },
      },
    });
    const id = created.json<{ reseller: { _id: string } }>().reseller._id;
    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${id}/keys`,
      headers: admin,
      payload: { label: 'Production' },
    });
    const { secret, key } = issued.json<{ secret: string; key: { _id: string } }>();
    return { id, keyId: key._id, key: secret };
  }
  const viator = await newReseller('Viator', 20);
  const klook = await newReseller('Klook', 25, 'full_refund');

  const octo = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body?: object,
    options: { key?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method,
      url: `/octo${url}`,
      headers: { authorization: `Bearer ${options.key ?? viator.key}`, ...PRICING, ...options.headers },
      ...(body ? { payload: body } : {}),
    });
  const reservation = (
    units: string[],
    extra: Partial<BookingReservationBody> = {},
  ): BookingReservationBody => ({
    productId: boat.id,
    optionId: 'DEFAULT',
    availabilityId: trip.id,
    unitItems: units.map((unitId) => ({ unitId })),
    ...extra,
  });
  const reserve = async (units: string[], extra: Partial<BookingReservationBody> = {}, key = viator.key) => {
    const res = await octo('POST', '/bookings', reservation(units, extra), { key });
    expect(res.statusCode, res.body).toBe(200);
    return zBooking.parse(res.json()) as Booking;
  };
  const vacancies = async (slotId = trip.id) => {
    const res = await octo('POST', '/availability', {
      productId: boat.id,
      optionId: 'DEFAULT',
      availabilityIds: [slotId],
    });
    expect(res.statusCode, res.body).toBe(200);
    return (zAvailability.array().parse(res.json()) as Availability[])[0]?.vacancies;
  };
  const contact = { fullName: 'Emma Schulz', emailAddress: 'emma@example.de', locales: ['de-DE', 'en'] };

  it('GET /supplier: who sells, where the API lives, and the capability applied', async () => {
    const res = await octo('GET', '/supplier');
    expect(res.statusCode, res.body).toBe(200);
    expect(zSupplier.parse(res.json())).toMatchObject({ endpoint: 'http://localhost:3000/octo' });
    expect(res.headers['octo-capabilities']).toBe('octo/pricing');
    const plain = await octo('GET', '/supplier', undefined, { headers: { 'octo-capabilities': '' } });
    expect(plain.headers['octo-capabilities']).toBe('');
  });

  it('GET /products and /products/{id}: a product per published boat, units with ages and the infant rule, net prices', async () => {
    const res = await octo('GET', '/products');
    expect(res.statusCode, res.body).toBe(200);
    const products = zProduct.array().parse(res.json()) as Product[];
    expect(products.map((p) => p.id)).toEqual([boat.id]);
    const one = await octo('GET', `/products/${boat.id}`);
    const product = zProduct.parse(one.json()) as Product;
    expect(product).toMatchObject({
      internalName: 'Dolphin Star',
      availabilityType: 'START_TIME',
      timeZone: 'Atlantic/Canary',
    });
    const option = product.options[0]!;
    expect(option).toMatchObject({
      id: 'DEFAULT',
      availabilityLocalStartTimes: ['11:00', '16:00'],
      // The site's default policy refunds nothing within 24 hours of departure.
      cancellationCutoffAmount: 24,
      cancellationCutoffUnit: 'hour',
      // At most what one key may hold of a 12-seat trip unconfirmed (70 %: 8 seats), which a
      // larger reservation would be refused.
      restrictions: { minUnits: 1, maxUnits: 8 },
    });
    expect(option.units.map((u) => [u.id, u.type, u.restrictions.minAge, u.restrictions.maxAge])).toEqual([
      ['adult', 'ADULT', 13, 99],
      ['child', 'CHILD', 6, 12],
      ['infant', 'INFANT', 0, 5],
    ]);
    expect(option.units[2]?.restrictions.accompaniedBy).toEqual(['adult']);
    // Viator keeps 20 %: an adult's €60.00 nets €48.00.
    expect(option.units[0]?.pricingFrom?.[0]).toMatchObject({
      retail: 6000,
      net: 4800,
      currency: 'EUR',
      currencyPrecision: 2,
    });
    expect(option.units[1]?.pricingFrom?.[0]).toMatchObject({ retail: 3000, net: 2400 });
  });

  it('octo/content: texts, inclusions (a typed one in its owner’s translation), meeting point and terms in the Accept-Language asked, said in Content-Language', async () => {
    const content = { 'octo-capabilities': 'octo/content', 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' };
    const res = await octo('GET', `/products/${boat.id}`, undefined, { headers: content });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-language']).toBe('es');
    expect(res.headers['octo-capabilities']).toBe('octo/content');
    const product = zProduct.parse(res.json()) as Product;
    expect(product).toMatchObject({
      locale: 'es',
      title: 'Estrella del Delfín',
      shortDescription: 'Delfines y ballenas frente a Los Gigantes.',
      description: 'Delfines y ballenas frente a Los Gigantes. Tres horas en catamarán.',
    });
    expect(product.features).toEqual([
      { type: 'INCLUSION', shortDescription: 'Equipo de snorkel' },
      { type: 'INCLUSION', shortDescription: 'Refrescos' },
      { type: 'INCLUSION', shortDescription: 'Toallas frías a bordo' },
      {
        type: 'PREARRIVAL_INFORMATION',
        shortDescription:
          'Punto de encuentro: Puerto Colón · Puerto Colón, Costa Adeje · Pantalán 3, junto a la taquilla azul',
      },
      {
        type: 'CANCELLATION_TERM',
        shortDescription: 'Hasta 48 horas antes de la salida: se devuelve el 100 %',
      },
      {
        type: 'CANCELLATION_TERM',
        shortDescription: 'Hasta 24 horas antes de la salida: se devuelve el 50 %',
      },
      {
        type: 'CANCELLATION_TERM',
        shortDescription: 'Después: sin reembolso. Si cancelamos por el tiempo, te lo devolvemos todo.',
      },
    ]);
    const option = product.options[0]!;
    expect(option.title).toBe('Excursión compartida');
    expect(option.features).toEqual([
      {
        type: 'BOOKING_TERM',
        shortDescription:
          'Esta salida se realiza a partir de 4 plazas pagadas. Si hay menos reservadas 12 h antes de la salida, la cancelamos y devolvemos el importe íntegro.',
      },
    ]);
    expect(option.units.map((u) => [u.title, u.shortDescription])).toEqual([
      ['Adulto', 'A partir de 13 años.'],
      ['Niño', 'De 6 a 12 años: mitad de precio.'],
      ['Bebé', 'Menor de 6 años: gratis, como máximo uno por adulto.'],
    ]);

    // A language the site does not have is answered in English; Klook's agreement refunds in full.
    const other = await octo('GET', `/products/${boat.id}`, undefined, {
      key: klook.key,
      headers: { 'octo-capabilities': 'octo/content, octo/pricing', 'accept-language': 'ja-JP' },
    });
    expect(other.headers['content-language']).toBe('en');
    expect(other.headers['octo-capabilities']).toBe('octo/pricing, octo/content');
    const english = zProduct.parse(other.json()) as Product;
    expect(english.title).toBe('Dolphin Star');
    expect(english.features?.filter((f) => f.type === FeatureType.CANCELLATION_TERM)).toEqual([
      { type: 'CANCELLATION_TERM', shortDescription: 'Free cancellation until departure.' },
    ]);
    // Without the capability, no texts and no Content-Language.
    const bare = await octo('GET', `/products/${boat.id}`);
    expect(bare.headers['content-language']).toBeUndefined();
    expect(bare.json<Product>().title).toBeUndefined();
  });

  it('charters: an option per length the boat allows, its starts by the site’s chaining of open hours, booked and released as one inventory', async () => {
    // The day after the shared trips: charter hours 09:00–13:00.
    const charterDay = '2027-02-14';
    const hours = [];
    for (const h of [9, 10, 11, 12]) {
      const start = new Date(`${charterDay}T${String(h).padStart(2, '0')}:00:00Z`);
      hours.push(await createSlot(db, boat.id, { type: 'private', start }));
    }
    const product = zProduct.parse((await octo('GET', `/products/${boat.id}`)).json()) as Product;
    expect(product.options.map((o) => [o.id, o.availabilityLocalStartTimes])).toEqual([
      ['DEFAULT', ['11:00', '16:00']],
      ['CHARTER_2H', ['09:00', '10:00', '11:00']],
      ['CHARTER_3H', ['09:00', '10:00']],
    ]);
    // Viator keeps 20 % of the boat's €300.00 for two hours.
    expect(product.options[1]?.pricingFrom?.[0]).toMatchObject({ retail: 30000, net: 24000 });
    const statusOf = async (optionId: string) => {
      const res = await octo('POST', '/availability', {
        productId: boat.id,
        optionId,
        localDateStart: charterDay,
        localDateEnd: charterDay,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (zAvailability.array().parse(res.json()) as Availability[]).map((a) => [
        a.localDateTimeStart.slice(11, 16),
        a.status,
        a.vacancies,
      ]);
    };
    expect(await statusOf('CHARTER_3H')).toEqual([
      ['09:00', 'AVAILABLE', 12],
      ['10:00', 'AVAILABLE', 12],
    ]);

    const held = await reserve(['adult', 'adult', 'child'], {
      optionId: 'CHARTER_3H',
      availabilityId: hours[0]!.id,
    });
    expect(held).toMatchObject({ status: 'ON_HOLD', optionId: 'CHARTER_3H' });
    expect(held.pricing).toMatchObject({ retail: 45000, net: 36000 });
    // 09:00–12:00 is held: no two-hour charter starts that day, for any reseller or the site.
    expect(await statusOf('CHARTER_2H')).toEqual([
      ['09:00', 'SOLD_OUT', 0],
      ['10:00', 'SOLD_OUT', 0],
      ['11:00', 'SOLD_OUT', 0],
    ]);
    const taken = await octo(
      'POST',
      '/bookings',
      reservation(['adult'], { optionId: 'CHARTER_2H', availabilityId: hours[1]!.id }),
      { key: klook.key },
    );
    expect(taken.statusCode).toBe(400);
    expect(zErrorUnprocessableEntity.parse(taken.json()).error).toBe('UNPROCESSABLE_ENTITY');
    const calendar = await octo('POST', '/availability/calendar', {
      productId: boat.id,
      optionId: 'CHARTER_2H',
      localDateStart: charterDay,
      localDateEnd: charterDay,
    });
    expect((zAvailabilityCalendar.array().parse(calendar.json()) as AvailabilityCalendar[])[0]).toMatchObject(
      {
        status: 'SOLD_OUT',
        vacancies: 0,
      },
    );

    const sold = zBooking.parse(
      (await octo('POST', `/bookings/${held.uuid}/confirm`, { contact })).json(),
    ) as Booking;
    expect(sold.status).toBe('CONFIRMED');
    // The party boards on one pass, the code crew scan: on every unit item's ticket (the booking
    // is delivered as tickets, so it has no voucher).
    const pass = sold.unitItems[0]?.ticket?.deliveryOptions[0]?.deliveryValue;
    expect(pass).toMatch(/\S{6,}/);
    expect(sold.unitItems.map((u) => u.ticket)).toEqual(
      sold.unitItems.map(() => ({
        redemptionMethod: 'DIGITAL',
        utcRedeemedAt: null,
        deliveryOptions: [{ deliveryFormat: 'QRCODE', deliveryValue: pass }],
      })),
    );
    expect(sold.voucher).toBeNull();
    const canceled = zBooking.parse(
      (await octo('POST', `/bookings/${held.uuid}/cancel`, { reason: 'Plans changed' })).json(),
    ) as Booking;
    expect(canceled.status).toBe('CANCELLED');
    expect(await statusOf('CHARTER_2H')).toEqual([
      ['09:00', 'AVAILABLE', 12],
      ['10:00', 'AVAILABLE', 12],
      ['11:00', 'AVAILABLE', 12],
    ]);

    // A length the boat does not allow, and a shared trip's id on a charter option.
    const long = await octo('POST', '/availability', {
      productId: boat.id,
      optionId: 'CHARTER_5H',
      localDateStart: charterDay,
      localDateEnd: charterDay,
    });
    expect(zErrorInvalidOptionId.parse(long.json()).optionId).toBe('CHARTER_5H');
    const wrong = await octo('POST', '/bookings', reservation(['adult'], { optionId: 'CHARTER_2H' }));
    expect(zErrorInvalidAvailabilityId.parse(wrong.json()).availabilityId).toBe(trip.id);
  });

  it('answers an unknown or unpublished product, option, availability and unit with OCTO’s error naming it', async () => {
    const product = await octo('GET', '/products/not-a-boat');
    expect(product.statusCode).toBe(400);
    expect(zErrorInvalidProductId.parse(product.json())).toMatchObject({
      error: 'INVALID_PRODUCT_ID',
      productId: 'not-a-boat',
    });
    const option = await octo('POST', '/availability/calendar', {
      productId: boat.id,
      optionId: 'SUNSET',
      localDateStart: '2027-02-13',
      localDateEnd: '2027-02-13',
    });
    expect(zErrorInvalidOptionId.parse(option.json())).toMatchObject({
      error: 'INVALID_OPTION_ID',
      optionId: 'SUNSET',
    });
    const availability = await octo('POST', '/bookings', reservation(['adult'], { availabilityId: boat.id }));
    expect(availability.statusCode).toBe(400);
    expect(zErrorInvalidAvailabilityId.parse(availability.json())).toMatchObject({
      error: 'INVALID_AVAILABILITY_ID',
      availabilityId: boat.id,
    });
    const unit = await octo('POST', '/bookings', reservation(['adult', 'senior']));
    expect(zErrorInvalidUnitId.parse(unit.json())).toMatchObject({
      error: 'INVALID_UNIT_ID',
      unitId: 'senior',
    });
    const booking = await octo('GET', '/bookings/no-such-booking');
    expect(zErrorInvalidBookingUuid.parse(booking.json())).toMatchObject({
      error: 'INVALID_BOOKING_UUID',
      uuid: 'no-such-booking',
    });
  });

  it('refuses what the site refuses, in OCTO’s words: two infants with one adult, more seats than are left', async () => {
    const infants = await octo('POST', '/bookings', reservation(['adult', 'infant', 'infant']));
    expect(infants.statusCode).toBe(400);
    expect(zErrorUnprocessableEntity.parse(infants.json())).toMatchObject({
      error: 'UNPROCESSABLE_ENTITY',
      errorMessage: 'At most one child under 6 per adult.',
    });
    const crowd = await octo('POST', '/bookings', reservation(Array(7).fill('adult') as string[]));
    expect(crowd.json()).toMatchObject({
      error: 'UNPROCESSABLE_ENTITY',
      errorMessage: 'Only 6 seats left on this trip.',
    });
  });

  it('POST /availability/calendar: each local date, the trips added up, closed days closed', async () => {
    const res = await octo('POST', '/availability/calendar', {
      productId: boat.id,
      optionId: 'DEFAULT',
      localDateStart: '2027-02-12',
      localDateEnd: '2027-02-13',
    });
    expect(res.statusCode, res.body).toBe(200);
    const days = zAvailabilityCalendar.array().parse(res.json()) as AvailabilityCalendar[];
    expect(days.map((d) => [d.localDate, d.status, d.vacancies, d.capacity])).toEqual([
      ['2027-02-12', 'CLOSED', 0, null],
      ['2027-02-13', 'AVAILABLE', 12, 12],
    ]);
  });

  it('reserve – confirm – cancel: one inventory with the site, the tickets crew scan, the reseller’s account in the ledger', async () => {
    expect(await vacancies()).toBe(6);
    const held = await reserve(['adult', 'adult', 'child', 'infant'], {
      resellerReference: 'VIA-1001',
      contact,
    });
    expect(held).toMatchObject({ status: 'ON_HOLD', resellerReference: 'VIA-1001', availabilityId: trip.id });
    expect(held.utcExpiresAt).toBe(new Date(NOW.getTime() + 30 * 60_000).toISOString());
    // €60 + €60 + €30 + €0 = €150.00; Viator owes €120.00.
    expect(held.pricing).toMatchObject({ retail: 15000, net: 12000 });
    // The hold counts at once, for resellers and for the site's checkout alike.
    expect(await vacancies()).toBe(2);
    const site = await t.app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      payload: sharedRequest(
        boat.id,
        trip,
        { adults: 3, children50: 0, kidsFree: 0 },
        {
          customer: { name: 'Site Customer', email: 'site@example.com', phone: '+34600000000' },
          lang: 'en',
        },
      ),
    });
    expect(site.statusCode).toBe(409);

    const confirmed = await octo('POST', `/bookings/${held.uuid}/confirm`, {
      contact,
      resellerReference: 'VIA-1001',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const booking = zBooking.parse(confirmed.json()) as Booking;
    expect(booking).toMatchObject({ status: 'CONFIRMED', utcExpiresAt: null, cancellable: true });
    expect(booking.contact).toMatchObject({
      fullName: 'Emma Schulz',
      emailAddress: 'emma@example.de',
      // As the reseller gave them; the booking's language is the first we speak (its e-mails below).
      locales: ['de-DE', 'en'],
    });
    // One QR code per unit: the very tickets of the booking, that crew scan at the harbour.
    const issued = await db.select().from(tickets).where(eq(tickets.bookingId, booking.id));
    const codes = booking.unitItems.map((u) => u.ticket?.deliveryOptions[0]?.deliveryValue);
    expect([...codes].sort()).toEqual(issued.map((x) => x.code).sort());
    expect(booking.unitItems.map((u) => u.pricing?.retail)).toEqual([6000, 6000, 3000, 0]);
    // The customer gets the site's own confirmation, in their language, with the same codes.
    await queueEventEmails(t.ctx);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, booking.id));
    expect(mails.map((m) => m.toAddress)).toContain('emma@example.de');
    const confirmation = mails.find((m) => issued.some((x) => m.textBody.includes(x.code)));
    expect(confirmation?.subject).toMatch(/^Buchung bestätigt: Dolphin Star/);
    // Confirming again changes nothing.
    const again = await octo('POST', `/bookings/${held.uuid}/confirm`, { contact });
    expect(zBooking.parse(again.json())).toMatchObject({ status: 'CONFIRMED', id: booking.id });

    // The ledger: one on-account payment of the net, method reseller, as for a card's sale.
    const money = await db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(money.map((p) => [p.method, p.provider, p.amountCents, p.status])).toEqual([
      ['reseller', 'reseller', 12000, 'succeeded'],
    ]);
    const details = await t.app.inject({ url: `/api/admin/bookings/${booking.id}`, headers: admin });
    expect(details.json()).toMatchObject({ status: 'paid', netReceived: 120 });

    // Found by its references and by the local date.
    for (const query of [
      'resellerReference=VIA-1001',
      `supplierReference=${booking.supplierReference}`,
      'localDate=2027-02-13',
    ]) {
      const list = await octo('GET', `/bookings?${query}`);
      expect(list.statusCode, list.body).toBe(200);
      expect((zBooking.array().parse(list.json()) as Booking[]).map((b) => b.uuid)).toContain(held.uuid);
    }
    // Another reseller does not see it.
    const other = await octo('GET', `/bookings/${held.uuid}`, undefined, { key: klook.key });
    expect(other.json()).toMatchObject({ error: 'INVALID_BOOKING_UUID' });

    // Three days ahead, over 48 hours: the boat's policy gives all of it back on the account.
    const canceled = await octo('POST', `/bookings/${held.uuid}/cancel`, {
      reason: 'Customer changed plans',
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(zBooking.parse(canceled.json())).toMatchObject({
      status: 'CANCELLED',
      cancellation: { refund: 'FULL' },
    });
    expect(await vacancies()).toBe(6);
    const after = await t.app.inject({ url: `/api/admin/bookings/${booking.id}`, headers: admin });
    expect(after.json()).toMatchObject({ status: 'refunded', netReceived: 0 });
  });

  it('a cancellation between 24 and 48 hours before keeps half on the account, unless the agreement says in full', async () => {
    const viatorSale = await reserve(['adult', 'adult']);
    await octo('POST', `/bookings/${viatorSale.uuid}/confirm`, { contact });
    const klookSale = await reserve(['adult', 'adult'], {}, klook.key);
    await octo('POST', `/bookings/${klookSale.uuid}/confirm`, { contact }, { key: klook.key });
    t.setNow(new Date(TRIP.getTime() - 30 * HOUR));
    try {
      const half = await octo('DELETE', `/bookings/${viatorSale.uuid}`);
      expect(half.statusCode, half.body).toBe(200);
      expect(zBooking.parse(half.json())).toMatchObject({
        status: 'CANCELLED',
        cancellation: { refund: 'PARTIAL' },
      });
      // €120 retail, €96 net owed; half of it credited back: €48 still owed.
      const later = bearer(await tokenFor(t, 'admin'));
      const kept = await t.app.inject({ url: `/api/admin/bookings/${viatorSale.id}`, headers: later });
      expect(kept.json()).toMatchObject({ status: 'canceled', netReceived: 48 });
      const full = await octo('DELETE', `/bookings/${klookSale.uuid}`, undefined, { key: klook.key });
      expect(zBooking.parse(full.json())).toMatchObject({
        status: 'CANCELLED',
        cancellation: { refund: 'FULL' },
      });
    } finally {
      t.setNow(NOW);
    }
  });

  it('a reservation not confirmed lapses at its expiry: the seats come back, confirming is refused', async () => {
    const before = (await vacancies()) ?? 0;
    const held = await reserve(['adult', 'adult', 'adult'], { expirationMinutes: 5 }, klook.key);
    expect(await vacancies()).toBe(before - 3);
    t.setNow(new Date(NOW.getTime() + 6 * 60_000));
    try {
      const lapsed = await octo('GET', `/bookings/${held.uuid}`, undefined, { key: klook.key });
      expect(zBooking.parse(lapsed.json())).toMatchObject({
        status: 'EXPIRED',
        utcExpiresAt: null,
        cancellable: false,
      });
      expect(await vacancies()).toBe(before);
      const late = await octo('POST', `/bookings/${held.uuid}/confirm`, { contact }, { key: klook.key });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ error: 'INVALID_BOOKING_UUID', uuid: held.uuid });
      // The jobs tidy it up as any lapsed hold (no provider to ask); it still reads EXPIRED.
      expect((await expireLapsedHolds(t.ctx)).canceled).toBeGreaterThanOrEqual(1);
      await reconcilePayments(t.ctx);
      const swept = await octo('GET', `/bookings/${held.uuid}`, undefined, { key: klook.key });
      expect(zBooking.parse(swept.json())).toMatchObject({ status: 'EXPIRED', cancellation: null });
    } finally {
      t.setNow(NOW);
    }
  });

  it('extend lengthens a hold; the same uuid again answers the first reservation', async () => {
    const cart = randomUUID();
    const held = await reserve(['adult'], { uuid: cart, expirationMinutes: 5 });
    const extended = await octo('POST', `/bookings/${held.uuid}/extend`, { expirationMinutes: 60 });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(zBooking.parse(extended.json()).utcExpiresAt).toBe(
      new Date(NOW.getTime() + 60 * 60_000).toISOString(),
    );
    const repeat = await reserve(['adult'], { uuid: cart });
    expect(repeat.id).toBe(held.id);
    await octo('POST', `/bookings/${held.uuid}/cancel`, {});
  });

  it('PATCH changes the units of a hold under the trip’s lock, its price with them', async () => {
    const held = await reserve(['adult', 'adult'], { availabilityId: later.id });
    const patched = await octo('PATCH', `/bookings/${held.uuid}`, {
      resellerReference: 'VIA-2002',
      unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'child' }, { unitId: 'infant' }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const booking = zBooking.parse(patched.json()) as Booking;
    expect(booking).toMatchObject({
      status: 'ON_HOLD',
      resellerReference: 'VIA-2002',
      pricing: { retail: 15000, net: 12000 },
    });
    expect(booking.unitItems.map((u) => u.unitId)).toEqual(['adult', 'adult', 'child', 'infant']);
    expect(await vacancies(later.id)).toBe(2);
    const tooMany = await octo('PATCH', `/bookings/${held.uuid}`, {
      unitItems: Array(7).fill({ unitId: 'adult' }) as object[],
    });
    expect(tooMany.json()).toMatchObject({ error: 'UNPROCESSABLE_ENTITY' });
    expect(await vacancies(later.id)).toBe(2);
    await octo('POST', `/bookings/${held.uuid}/cancel`, {});
  });

  it('answers a key, never a session: none 401, an unknown, revoked or back-office token 403', async () => {
    const none = await t.app.inject({ url: '/octo/products' });
    expect(none.statusCode).toBe(401);
    expect(zErrorUnauthorized.parse(none.json()).error).toBe('UNAUTHORIZED');
    const session = await t.app.inject({ url: '/octo/products', headers: admin });
    expect(session.statusCode).toBe(403);
    expect(session.json()).toMatchObject({ error: 'FORBIDDEN' });
    const spare = await newReseller('Spare Reseller', 10);
    expect((await octo('GET', '/supplier', undefined, { key: spare.key })).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${spare.id}/keys/${spare.keyId}/revoke`,
      headers: admin,
    });
    const revoked = await octo('GET', '/supplier', undefined, { key: spare.key });
    expect(revoked.statusCode).toBe(403);
  });

  it('crew check in a reseller’s ticket at the harbour like any other; OCTO then says it was redeemed', async () => {
    const held = await reserve(['adult'], { availabilityId: later.id });
    const sold = zBooking.parse(
      (await octo('POST', `/bookings/${held.uuid}/confirm`, { contact })).json(),
    ) as Booking;
    const code = sold.unitItems[0]?.ticket?.deliveryOptions[0]?.deliveryValue ?? '';
    const boardingTime = new Date(later.startsAt.getTime() - HOUR);
    t.setNow(boardingTime);
    try {
      // Signed in on the morning of the trip (an access token lasts minutes).
      const crew = bearer(await tokenFor(t, 'crew'));
      const scan = await t.app.inject({
        method: 'POST',
        url: '/api/crew/checkin',
        headers: crew,
        payload: { code },
      });
      expect(scan.json()).toMatchObject({ result: 'boarded', code });
      // The manifest names the reseller who sold it, as it names an agent.
      const manifest = await t.app.inject({ url: `/api/crew/trips/${later.id}/manifest`, headers: crew });
      const listed = manifest
        .json<{ bookings: { bookingId: string; channel: { kind: string; name: string | null } }[] }>()
        .bookings.find((b) => b.channel.kind === 'reseller');
      expect(listed?.channel).toEqual({ kind: 'reseller', name: 'Viator' });
      const after = zBooking.parse((await octo('GET', `/bookings/${held.uuid}`)).json()) as Booking;
      expect(after.unitItems[0]?.utcRedeemedAt).toBe(boardingTime.toISOString());
    } finally {
      t.setNow(NOW);
    }
  });
});
