// The owner columns of the authorization matrix (docs/back-office.md#roles), generated from the
// real route table: every route an owner may call is called by owner A on A's own object
// (answered) and on owner B's object (404 or 403, and B's object unchanged), and nothing of B
// appears in anything A reads: lists, KPIs, CSV, manifests, the calendar feed. A route open to
// owners without a line in CALLS below fails this file, so a new owner route cannot go
// unchecked. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (the api projects).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newBoatDefaults } from '@boats/domain/schemas/boat';
import type { BookingsPage } from '@boats/domain/schemas/booking';
import type { ChannelReport } from '@boats/domain/schemas/channel-report';
import {
  boats,
  bookings,
  contactMessages,
  ownerEarningLines,
  passkeys,
  promoCodes,
  refreshTokens,
  reviews,
  slots,
  tickets,
  users,
} from '../../../src/db/schema';
import { auditLog } from '../../../src/modules/audit/schema';
import { watchWrites } from '../../helpers/write-watch';
import { issueInvoices } from '../../../src/modules/invoices/invoice-service';
import { signAccessToken } from '../../../src/modules/auth/access-token';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { invoicesOfBooking } from '../../../src/modules/invoices/customer-invoices';
import { buildTestApp } from '../../helpers/test-app';
import { routeTable, type RouteEntry } from '../../helpers/route-table';
import {
  buyAndConfirm,
  createBoat,
  createSharedTrip,
  createSlot,
  sharedRequest,
} from '../../helpers/checkout-fixtures';

/** The test's clock: 1 June 2027, 10:00 in the Canaries; the trips leave the same day. */
const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = '2027-06-01';

type Side = {
  name: string;
  ownerId: string;
  token: string;
  crewToken: string;
  boatId: string;
  boatTitle: string;
  tripSlotId: string;
  spareSlotId: string;
  bookingId: string;
  ticketCode: string;
  messageId: string;
  crewUserId: string;
  reviewId: string;
  invoiceId: string;
  customerInvoiceId: string;
  promoCodeId: string;
  promoCode: string;
  /** Another signed-in device of the side's owner (a session the matrix may sign out). */
  otherSessionId: string;
  /** A passkey of the side's owner account (one the matrix may remove). */
  passkeyId: string;
};

const t = await buildTestApp({ template: 'empty', now: NOW });
const db = t.ctx.db;

async function side(name: string, adults: number): Promise<Side> {
  const ownerId = await newOwner(t);
  const boatTitle = `Boat of ${name} ${randomUUID().slice(0, 8)}`;
  const boat = await createBoat(db, { ownerId, title: { en: boatTitle } });
  const trip = await createSharedTrip(db, boat.id, new Date('2027-06-01T14:00:00Z'));
  const spare = await createSlot(db, boat.id, { type: 'private', start: new Date('2027-06-20T09:00:00Z') });
  const sale = await buyAndConfirm(
    t.app,
    sharedRequest(boat.id, trip, { adults, children50: 0, kidsFree: 0 }),
  );
  const [ticket] = await db.select().from(tickets).where(eq(tickets.bookingId, sale.bookingId));
  // The contact form on the boat's page: the message is about this boat.
  const sent = await t.app.inject({
    method: 'POST',
    url: '/messages/messages',
    payload: {
      name: `Visitor of ${name}`,
      email: `visitor-${name}@example.com`,
      boatId: boat.id,
      message: 'Hi',
    },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const [message] = await db.select().from(contactMessages).where(eq(contactMessages.boatId, boat.id));
  const [crew] = await db
    .insert(users)
    .values({
      email: `crew-${name}-${randomUUID().slice(0, 6)}@example.com`,
      passwordHash: 'x',
      role: 'crew',
      ownerId,
    })
    .returning();
  // A review of the sale (written straight in: the matrix is about scope, not about completion).
  const [review] = await db
    .insert(reviews)
    .values({
      bookingId: sale.bookingId,
      boatId: boat.id,
      stars: 5,
      firstName: name,
      language: 'en',
      tripStartsAt: new Date('2027-06-01T14:00:00Z'),
    })
    .returning();
  const token = await tokenFor(t, 'owner', { ownerId });
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.ownerId, ownerId), eq(users.role, 'owner')));
  const otherSessionId = randomUUID();
  await db.insert(refreshTokens).values({
    userId: owner!.id,
    familyId: otherSessionId,
    tokenHash: `matrix-${otherSessionId}`,
    expiresAt: new Date(NOW.getTime() + 24 * 3_600_000),
    userAgent: 'Mozilla/5.0 (iPhone) Safari',
  });
  // The owner has a passkey, so a second factor: the token's session proved it now (the matrix's
  // clock stands still), as after a sign-in with the passkey, so no step-up is asked.
  const { sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string };
  await db.insert(refreshTokens).values({
    userId: owner!.id,
    familyId: sid,
    tokenHash: `matrix-${sid}`,
    expiresAt: new Date(NOW.getTime() + 24 * 3_600_000),
    factorAt: NOW,
  });
  const [passkey] = await db
    .insert(passkeys)
    .values({ userId: owner!.id, credentialId: randomUUID(), publicKey: 'matrix', name: `Key of ${name}` })
    .returning();
  const promoCode = `MATRIX-${name}-${randomUUID().slice(0, 8)}`.toUpperCase();
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/admin/promo-codes',
    headers: bearer(token),
    payload: promoForm(promoCode, boat.id),
  });
  expect(made.statusCode, made.body).toBe(200);
  return {
    name,
    ownerId,
    token,
    otherSessionId,
    passkeyId: passkey!.id,
    crewToken: await tokenFor(t, 'crew', { ownerId }),
    boatId: boat.id,
    boatTitle,
    tripSlotId: trip.id,
    spareSlotId: spare.id,
    bookingId: sale.bookingId,
    ticketCode: ticket!.code,
    messageId: message!.id,
    crewUserId: crew!.id,
    reviewId: review!.id,
    invoiceId: '',
    customerInvoiceId: (await invoicesOfBooking(db, sale.bookingId))[0]!.id,
    promoCodeId: made.json<{ promoCode: { id: string } }>().promoCode.id,
    promoCode,
  };
}

/** A promo code's form: 10 % off on the side's boat. */
function promoForm(code: string, boatId: string) {
  return {
    code,
    kind: 'percent',
    value: 10,
    validFrom: null,
    validUntil: null,
    boatIds: [boatId],
    minSpend: 0,
    maxUses: null,
    maxUsesPerEmail: null,
    firstBookingOnly: false,
    active: true,
  };
}

const A = await side('A', 2);
const B = await side('B', 3);
// A commission invoice each: an earning line of May written straight in, and May issued.
for (const s of [A, B]) {
  await db.insert(ownerEarningLines).values({
    ownerId: s.ownerId,
    bookingId: s.bookingId,
    kind: 'trip',
    netCents: 10_000,
    feeCents: 1_500,
    ownerCents: 8_500,
    commissionBps: 1_500,
    earnedAt: new Date('2027-05-20T10:00:00Z'),
    payableAt: new Date('2027-05-23T10:00:00Z'),
  });
}
for (const invoice of await issueInvoices(t.ctx, { period: '2027-05', actor: 'test' })) {
  const s = invoice.ownerId === A.ownerId ? A : B;
  s.invoiceId = invoice.id;
}
const admin = await tokenFor(t, 'admin');

/**
 * What of a side must never show to the other one. Not the commission invoice's number: a number
 * is unique only within its issuer's series, and A's customers' invoices carry numbers of the same
 * form in A's own series (2027-000001), so B's commission invoice's number may be one of A's; its
 * id is B's alone.
 */
const markers = (s: Side) => [
  s.boatId,
  s.boatTitle,
  s.tripSlotId,
  s.bookingId,
  s.messageId,
  s.crewUserId,
  s.ticketCode,
  s.reviewId,
  s.invoiceId,
  s.customerInvoiceId,
  s.promoCodeId,
  s.promoCode,
];

type Call = { params?: Record<string, string>; query?: string; body?: unknown };

/**
 * How to call each route open to owners on a side's objects. `other` says what owner A's call
 * on B's objects must answer: 404 (not found in A's scope) or 403 (not for an owner at all).
 */
const CALLS: Record<string, { call: (s: Side) => Call; own?: 'list' }> = {
  'GET /api/admin/boats': { call: () => ({}), own: 'list' },
  'POST /api/admin/boats': {
    call: (s) => ({ body: { ...newBoatDefaults, title: `New boat of ${s.name}` } }),
  },
  'GET /api/admin/boats/:id': { call: (s) => ({ params: { id: s.boatId } }) },
  'POST /api/admin/boats/:id/archive': {
    call: (s) => ({ params: { id: s.boatId }, body: { archived: false } }),
  },
  // Pausing with the paid bookings ahead served (the matrix's bookings stay as they are).
  'GET /api/admin/boats/:id/upcoming-bookings': { call: (s) => ({ params: { id: s.boatId } }) },
  'POST /api/admin/boats/:id/pause': {
    call: (s) => ({ params: { id: s.boatId }, body: { upcoming: 'serve' } }),
  },
  'POST /api/admin/boats/:id/listing': {
    call: (s) => ({ params: { id: s.boatId }, body: { action: 'pause' } }),
  },
  'POST /api/admin/boats/:id/resellers': {
    call: (s) => ({ params: { id: s.boatId }, body: { resellersAllowed: true } }),
  },
  'GET /api/admin/boats/:id/calendar-feed': { call: (s) => ({ params: { id: s.boatId } }) },
  'POST /api/admin/boats/:id/calendar-feed/rotate': { call: (s) => ({ params: { id: s.boatId } }) },
  'PUT /api/admin/boats/:id/schedule/days/:date': {
    call: (s) => ({ params: { id: s.boatId, date: '2027-06-20' }, body: { isOpen: true } }),
  },
  'POST /api/admin/boats/:id/schedule': {
    call: (s) => ({ params: { id: s.boatId }, body: scheduleBody }),
  },
  'POST /api/admin/boats/:id/schedule/preview': {
    call: (s) => ({ params: { id: s.boatId }, body: scheduleBody }),
  },
  'GET /api/admin/boats/:id/slots': {
    call: (s) => ({
      params: { id: s.boatId },
      query: `start=2027-06-01T00:00:00.000Z&end=2027-06-30T00:00:00.000Z`,
    }),
  },
  'DELETE /api/admin/boats/:id/slots/:slotId': {
    call: (s) => ({ params: { id: s.boatId, slotId: s.spareSlotId }, body: { reason: 'matrix test' } }),
  },
  'POST /api/admin/photos': { call: () => ({}) },
  'POST /api/boats/update/:id': {
    call: (s) => ({ params: { id: s.boatId }, body: { ...newBoatDefaults, title: s.boatTitle } }),
  },
  'POST /api/boats/slots/:id': {
    call: (s) => ({
      params: { id: s.boatId },
      body: { type: 'private', start: '2027-06-25T09:00:00.000Z', end: '2027-06-25T11:00:00.000Z' },
    }),
  },
  'GET /checkout/bookings': {
    call: () => ({ query: `start=2027-05-01T00:00:00.000Z&end=2027-07-01T00:00:00.000Z` }),
    own: 'list',
  },
  'GET /api/admin/bookings/export.csv': {
    call: () => ({ query: `start=2027-05-01T00:00:00.000Z&end=2027-07-01T00:00:00.000Z` }),
    own: 'list',
  },
  'GET /api/admin/bookings/channels': { call: () => ({ query: 'month=2027-06' }), own: 'list' },
  'GET /api/admin/bookings/:id': { call: (s) => ({ params: { id: s.bookingId } }) },
  'PATCH /api/admin/bookings/:id': {
    call: (s) => ({ params: { id: s.bookingId }, body: { status: 'confirmed' } }),
  },
  'POST /api/admin/bookings/:id/cancel': {
    call: (s) => ({ params: { id: s.bookingId }, body: { reason: 'matrix' } }),
  },
  'POST /api/admin/bookings/:id/refund': { call: (s) => ({ params: { id: s.bookingId }, body: {} }) },
  // The sides' bookings are paid: A's own answer is a 409 (nothing to resend), B's a 404.
  'POST /api/crew/bookings/:id/payment-link': { call: (s) => ({ params: { id: s.bookingId } }) },
  // Request-to-book: the sides' bookings are paid, so A's own answer is a 409 (decided), B's a 404.
  'POST /api/admin/bookings/:id/accept': { call: (s) => ({ params: { id: s.bookingId } }) },
  'POST /api/admin/bookings/:id/decline': {
    call: (s) => ({ params: { id: s.bookingId }, body: { reasonCode: 'other', note: 'matrix' } }),
  },
  // The sandbox's clock for one request: like decline, A's own answer is a 409, B's a 404.
  'POST /api/admin/bookings/:id/lapse': { call: (s) => ({ params: { id: s.bookingId } }) },
  // The security deposit: the sides' boats ask none, so A's own answer is null or a 409
  // (no_deposit), B's a 404.
  'GET /api/admin/bookings/:id/deposit': { call: (s) => ({ params: { id: s.bookingId } }) },
  'POST /api/admin/bookings/:id/deposit/release': { call: (s) => ({ params: { id: s.bookingId } }) },
  'POST /api/admin/bookings/:id/deposit/claim': {
    call: (s) => ({
      params: { id: s.bookingId },
      body: { amount: 10, note: 'matrix damage', photos: ['evidence-00000000-0000-4000-8000-000000000000'] },
    }),
  },
  'POST /api/admin/bookings/:id/deposit/harbour': {
    call: (s) => ({ params: { id: s.bookingId }, body: { method: 'cash' } }),
  },
  'POST /api/crew/bookings/:id/deposit/harbour': {
    call: (s) => ({ params: { id: s.bookingId }, body: { method: 'cash' } }),
  },
  // A self-drive handover (decision 39): the sides' boats need no licence, so A's own answer is
  // a 409 or a 400 (none recorded yet: the condition and a photo not found), B's a 404.
  'GET /api/crew/bookings/:id/self-drive/licence': { call: (s) => ({ params: { id: s.bookingId } }) },
  'PUT /api/crew/bookings/:id/self-drive/licence': {
    call: (s) => ({
      params: { id: s.bookingId },
      body: {
        skipperName: 'Matrix',
        licenceType: 'per',
        licenceNumber: 'M-1',
        issuingCountry: 'ES',
        photo: 'evidence-00000000-0000-4000-8000-000000000000',
      },
    }),
  },
  'POST /api/crew/bookings/:id/self-drive/licence/confirm': {
    call: (s) => ({ params: { id: s.bookingId } }),
  },
  'POST /api/crew/bookings/:id/self-drive/licence/refuse': {
    call: (s) => ({ params: { id: s.bookingId }, body: { reason: 'matrix' } }),
  },
  'GET /api/crew/bookings/:id/self-drive/condition': { call: (s) => ({ params: { id: s.bookingId } }) },
  'PUT /api/crew/bookings/:id/self-drive/condition/:phase': {
    call: (s) => ({
      params: { id: s.bookingId, phase: 'departure' },
      body: {
        values: {},
        photos: [],
        signature: 'M0 0 L1 1 L2 2 L3 3 L4 4 L5 5',
        signedBy: 'Matrix',
        recordedAt: new Date().toISOString(),
      },
    }),
  },
  'POST /api/crew/bookings/:id/self-drive/photos': {
    call: (s) => ({ params: { id: s.bookingId }, body: {} }),
  },
  'GET /api/crew/bookings/:id/self-drive/photos/:file': {
    call: (s) => ({ params: { id: s.bookingId, file: 'evidence-00000000-0000-4000-8000-000000000000' } }),
  },
  'GET /api/crew/bookings/:id/self-drive/agreement.pdf': { call: (s) => ({ params: { id: s.bookingId } }) },
  'GET /messages/admin/messages': { call: () => ({}), own: 'list' },
  'POST /messages/admin/messages/:id/read': {
    call: (s) => ({ params: { id: s.messageId }, body: { read: true } }),
  },
  'POST /messages/admin/messages/:id/reply': {
    call: (s) => ({ params: { id: s.messageId }, body: { language: 'en', subject: 'Re', body: 'Thanks' } }),
  },
  'GET /api/admin/staff': { call: () => ({}), own: 'list' },
  'POST /api/admin/staff': {
    call: (s) => ({
      body: {
        email: `staff-${s.name}-${randomUUID().slice(0, 6)}@example.com`,
        role: 'crew',
        password: 'a-long-password-1',
      },
    }),
  },
  'POST /api/admin/staff/:id/disable': {
    call: (s) => ({ params: { id: s.crewUserId }, body: { disabled: true } }),
  },
  'GET /api/crew/trips': { call: () => ({ query: `date=${DAY}` }), own: 'list' },
  'POST /api/crew/checkin': { call: (s) => ({ body: { code: s.ticketCode } }) },
  'POST /api/crew/trips/:slotId/bookings': {
    call: (s) => ({
      params: { slotId: s.tripSlotId },
      body: {
        passengers: { adults: 1, children50: 0, kidsFree: 0 },
        customer: { name: `Walk-in of ${s.name}`, phone: '+34600111222' },
        language: 'en',
        payment: { method: 'cash' },
      },
    }),
  },
  'GET /api/crew/trips/:slotId/manifest': { call: (s) => ({ params: { slotId: s.tripSlotId } }) },
  'GET /api/crew/trips/:slotId/manifest.csv': { call: (s) => ({ params: { slotId: s.tripSlotId } }) },
  'POST /api/admin/trips/:slotId/cancel': {
    call: (s) => ({
      params: { slotId: s.tripSlotId },
      body: { reasonCode: 'wind', note: 'Wind', offer: 'refund' },
    }),
  },
  'GET /api/admin/trips/:slotId/cancel/preview': { call: (s) => ({ params: { slotId: s.tripSlotId } }) },
  'GET /api/admin/trips/:slotId/cancellation': { call: (s) => ({ params: { slotId: s.tripSlotId } }) },
  // An owner's money is the token's owner's, whatever owner the query names: A asking for B's
  // gets A's own (the list sweep checks nothing of B shows).
  'GET /api/admin/reviews': { call: () => ({}), own: 'list' },
  'POST /api/admin/reviews/:id/reply': {
    call: (s) => ({
      params: { id: s.reviewId },
      body: { text: 'Thank you for sailing with us', language: 'en' },
    }),
  },
  'GET /api/owner/earnings': { call: () => ({ query: `ownerId=${B.ownerId}` }), own: 'list' },
  'GET /api/owner/payouts': { call: () => ({ query: `ownerId=${B.ownerId}` }), own: 'list' },
  'GET /api/owner/statement': { call: () => ({ query: `ownerId=${B.ownerId}&month=2026-11` }), own: 'list' },
  'POST /api/owner/payouts/account': { call: () => ({ query: `ownerId=${B.ownerId}` }), own: 'list' },
  'GET /api/owner/invoices': { call: () => ({ query: `ownerId=${B.ownerId}` }), own: 'list' },
  'GET /api/owner/invoices/:id': { call: (s) => ({ params: { id: s.invoiceId } }) },
  // The invoicing settings and the customers' invoices: the token's owner's, whatever owner the
  // query names (A writing with B's id sets A's own).
  'GET /api/owner/invoicing': { call: () => ({ query: `ownerId=${B.ownerId}` }), own: 'list' },
  'PUT /api/owner/invoicing': {
    call: () => ({
      query: `ownerId=${B.ownerId}`,
      body: { invoicesCustomers: true, igicRegime: 'general', igicPercent: 7 },
    }),
    own: 'list',
  },
  'GET /api/owner/customer-invoices': { call: () => ({ query: `ownerId=${B.ownerId}` }), own: 'list' },
  'GET /api/owner/customer-invoices/:id': { call: (s) => ({ params: { id: s.customerInvoiceId } }) },
  // The notification settings: the token's owner's, as the invoicing settings.
  'GET /api/owner/notifications': { call: () => ({ query: `ownerId=${B.ownerId}` }), own: 'list' },
  'PUT /api/owner/notifications': {
    call: () => ({
      query: `ownerId=${B.ownerId}`,
      body: {
        kinds: {
          new_booking: true,
          canceled: true,
          refunded: true,
          moved: true,
          trip_canceled: true,
          request_lapsed: true,
        },
        digest: false,
      },
    }),
    own: 'list',
  },
  // What the crew may do: the token's owner's, as the notification settings (A writing with
  // B's id sets A's own; test/api/staff/crew-below-minimum.test.ts checks B's is unchanged).
  'GET /api/owner/crew-permissions': { call: () => ({ query: `ownerId=${B.ownerId}` }), own: 'list' },
  'PUT /api/owner/crew-permissions': {
    call: () => ({ query: `ownerId=${B.ownerId}`, body: { sellBelowMinimum: false } }),
    own: 'list',
  },
  // The account's own: its devices (B's device is not found for A), its address and password
  // (no body: refused for the missing fields, never for another's account).
  'GET /api/account/sessions': { call: () => ({}), own: 'list' },
  'DELETE /api/account/sessions/:id': { call: (s) => ({ params: { id: s.otherSessionId } }) },
  'POST /api/account/sessions/sign-out-others': { call: () => ({}) },
  'POST /api/account/email': { call: () => ({ body: {} }) },
  'POST /api/account/password': { call: () => ({ body: {} }) },
  // Its passkeys: the list is its own, B's passkey is not found for A, and adding one without the
  // browser's answer is refused for the missing fields (test/api/auth/passkeys.test.ts adds them).
  'GET /api/account/passkeys': { call: () => ({}), own: 'list' },
  'POST /api/account/passkeys/options': { call: () => ({}) },
  'POST /api/account/passkeys': { call: () => ({ body: {} }) },
  'DELETE /api/account/passkeys/:id': { call: (s) => ({ params: { id: s.passkeyId } }) },
  // Its own authenticator app: removing it or renewing its codes names no object (A has no app: 409).
  'DELETE /api/account/second-factor': { call: () => ({}) },
  'POST /api/account/recovery-codes': { call: () => ({}) },
  'GET /api/admin/promo-codes': { call: () => ({}), own: 'list' },
  // The audit trail: A asking for B's booking's rows gets an empty list, never B's rows.
  'GET /api/admin/audit': { call: () => ({ query: `bookingId=${B.bookingId}` }), own: 'list' },
  'GET /api/admin/audit/export.csv': { call: () => ({}), own: 'list' },
  'POST /api/admin/promo-codes': {
    call: (s) => ({ body: promoForm(`NEW-${randomUUID().slice(0, 8)}`, s.boatId) }),
  },
  'PUT /api/admin/promo-codes/:id': {
    call: (s) => ({ params: { id: s.promoCodeId }, body: promoForm(s.promoCode, s.boatId) }),
  },
};

const scheduleBody = {
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  startTimes: ['18:00'],
  durationHours: 1,
  type: 'private',
  from: '2027-07-01',
  to: '2027-07-03',
};

const keyOf = (r: RouteEntry) => `${r.method} ${r.url}`;
const table = routeTable(t.routes);
const ownerRoutes = table.filter((r) => r.allowedRoles?.includes('owner'));

function request(route: RouteEntry, call: Call, token: string) {
  const url = route.url.replace(/:([A-Za-z_]\w*)/g, (_m, name: string) => {
    const value = call.params?.[name];
    if (!value) throw new Error(`${keyOf(route)}: no value for :${name}`);
    return value;
  });
  const hasBody = call.body !== undefined;
  return t.app.inject({
    method: route.method as 'GET',
    url: call.query ? `${url}?${call.query}` : url,
    headers: { ...bearer(token), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody ? { payload: JSON.stringify(call.body) } : {}),
  });
}

/** B's objects as the database holds them, to see that A's calls changed nothing of them. */
async function snapshotOf(s: Side) {
  const [boat] = await db.select().from(boats).where(eq(boats.id, s.boatId));
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, s.bookingId));
  const boatSlots = await db.select().from(slots).where(eq(slots.boatId, s.boatId));
  const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, s.messageId));
  const [crew] = await db.select().from(users).where(eq(users.id, s.crewUserId));
  const [ticket] = await db.select().from(tickets).where(eq(tickets.code, s.ticketCode));
  const [promoCode] = await db.select().from(promoCodes).where(eq(promoCodes.id, s.promoCodeId));
  return JSON.stringify({ boat, booking, boatSlots, message, crew, ticket, promoCode });
}

describe('the owner columns of the authorization matrix', () => {
  it('opens the back office to owners, and only the platform’s own business stays the admin’s', () => {
    expect(ownerRoutes.length).toBeGreaterThan(20);
    const adminOnly = table.filter((r) => r.allowedRoles && !r.allowedRoles.includes('owner')).map(keyOf);
    expect(adminOnly).toContain('PUT /api/admin/trips/:slotId/minimum');
    // Gift vouchers are the platform's sales, not an owner's (docs/payments.md#gift-vouchers).
    expect(adminOnly).toContain('GET /api/admin/gift-vouchers');
  });

  it('has a call for every route open to owners (a new one must be added here)', () => {
    expect(ownerRoutes.map(keyOf).filter((k) => !CALLS[k])).toEqual([]);
  });

  it('answers owner A 404 or 403 on every object of owner B, and changes nothing of B', async () => {
    const before = await snapshotOf(B);
    const wrong: string[] = [];
    for (const route of ownerRoutes) {
      const spec = CALLS[keyOf(route)]!;
      if (spec.own === 'list' || !route.url.includes(':')) {
        if (keyOf(route) !== 'POST /api/crew/checkin') continue;
      }
      const call = spec.call(B);
      const res = await request(route, call, A.token);
      // A refusal may repeat what the caller sent (the scanned code), nothing else of B.
      const sent = JSON.stringify(call);
      if (res.statusCode !== 404 && res.statusCode !== 403)
        wrong.push(`${keyOf(route)}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      else if (markers(B).some((m) => !sent.includes(m) && res.body.includes(m)))
        wrong.push(`${keyOf(route)}: the refusal names B's object`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshotOf(B)).toEqual(before);
  }, 180_000);

  it('gives owner A and A’s crew nothing of B in lists, KPIs, CSV and the day’s trips', async () => {
    const leaks: string[] = [];
    for (const route of ownerRoutes.filter((r) => CALLS[keyOf(r)]!.own === 'list')) {
      for (const [who, token] of [
        ['owner', A.token],
        ['crew', A.crewToken],
      ] as const) {
        if (who === 'crew' && !route.allowedRoles?.includes('crew')) continue;
        const res = await request(route, CALLS[keyOf(route)]!.call(A), token);
        expect(res.statusCode, `${who} ${keyOf(route)} ${res.body.slice(0, 200)}`).toBe(200);
        for (const m of markers(B)) if (res.body.includes(m)) leaks.push(`${who} ${keyOf(route)} shows ${m}`);
      }
    }
    expect(leaks).toEqual([]);

    // The list's own rows and KPIs are A's: the same as the admin's list filtered to A's boat.
    const query = CALLS['GET /checkout/bookings']!.call(A).query!;
    const ofA = (
      await t.app.inject({ url: `/checkout/bookings?${query}`, headers: bearer(A.token) })
    ).json<BookingsPage>();
    const adminOfA = (
      await t.app.inject({
        url: `/checkout/bookings?${query}&q=${encodeURIComponent(A.boatTitle)}`,
        headers: bearer(admin),
      })
    ).json<BookingsPage>();
    expect(ofA.items.map((b) => b._id)).toEqual([A.bookingId]);
    expect(ofA.total).toBe(1);
    expect(ofA.kpis).toEqual(adminOfA.kpis);
    const everyone = (
      await t.app.inject({ url: `/checkout/bookings?${query}`, headers: bearer(admin) })
    ).json<BookingsPage>();
    expect(everyone.total).toBe(2);

    // The channel report counts A's boats' sales only; the admin's month is A's and B's.
    const report = async (token: string) =>
      (
        await t.app.inject({ url: '/api/admin/bookings/channels?month=2027-06', headers: bearer(token) })
      ).json<ChannelReport>();
    const reportOfA = await report(A.token);
    const reportOfB = await report(B.token);
    const reportOfAll = await report(admin);
    expect(reportOfA.totals.bookings).toBe(1);
    expect(reportOfA.totals.revenue).toBeCloseTo(ofA.kpis.revenue + ofA.kpis.held, 2);
    expect(reportOfAll.totals.bookings).toBe(2);
    expect(reportOfAll.totals.retail).toBeCloseTo(reportOfA.totals.retail + reportOfB.totals.retail, 2);
    expect(reportOfA.totals.retail).not.toBeCloseTo(reportOfB.totals.retail, 2);
  });

  it('lets A’s crew check in A’s tickets only', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/crew/checkin',
      headers: bearer(A.crewToken),
      payload: { code: B.ticketCode },
    });
    expect(other.statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/crew/checkin',
      headers: bearer(A.crewToken),
      payload: { code: A.ticketCode },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ result: 'boarded' });
  });

  it('serves B’s calendar feed with B’s trips only, and never gives A its URL', async () => {
    const forA = await t.app.inject({
      url: `/api/admin/boats/${B.boatId}/calendar-feed`,
      headers: bearer(A.token),
    });
    expect(forA.statusCode).toBe(404);
    const forB = await t.app.inject({
      url: `/api/admin/boats/${B.boatId}/calendar-feed`,
      headers: bearer(B.token),
    });
    const feed = await t.app.inject({ url: new URL(forB.json<{ url: string }>().url).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(B.tripSlotId);
    expect(feed.body).not.toContain(A.tripSlotId);
  });

  it('answers owner A on every route with A’s own objects (last: the calls that cancel or delete)', async () => {
    // Signing the other devices out comes after signing one out by its id (the same spare device).
    const destructive = (r: RouteEntry) =>
      r.method === 'DELETE' || /\/cancel$|\/refund$|\/sign-out-others$/.test(r.url);
    const ordered = [...ownerRoutes.filter((r) => !destructive(r)), ...ownerRoutes.filter(destructive)];
    const wrong: string[] = [];
    // Whatever a call wrote (a trigger on each table sees it), it added its audit row.
    const writes = await watchWrites(db);
    for (const route of ordered) {
      const rowsBefore = await db.$count(auditLog);
      await writes.take();
      const res = await request(route, CALLS[keyOf(route)]!.call(A), A.token);
      const tables = await writes.take();
      if (tables.length > 0 && (await db.$count(auditLog)) === rowsBefore)
        wrong.push(`${keyOf(route)}: ${res.statusCode} wrote ${tables.join(', ')} without an audit row`);
      const fine = res.statusCode < 500 && ![401, 403, 404].includes(res.statusCode);
      // The report of a trip cancellation exists once the trip is canceled (the last calls); a
      // booking's condition record and evidence photo once crew made them (the booking is found).
      const notYet =
        res.statusCode === 404 &&
        (route.url.endsWith('/cancellation') ||
          (/\/self-drive\/(condition|photos\/:file)$/.test(route.url) && !res.body.includes('Booking')));
      if (!fine && !notYet) wrong.push(`${keyOf(route)}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      if (markers(B).some((m) => res.body.includes(m))) wrong.push(`${keyOf(route)}: shows B's object`);
    }
    expect(wrong).toEqual([]);
    const report = await t.app.inject({
      url: `/api/admin/trips/${A.tripSlotId}/cancellation`,
      headers: bearer(A.token),
    });
    expect(report.statusCode, report.body).toBe(200);
    // Some forty calls, refunds among them: more than the default 30 s on a loaded machine.
  }, 180_000);

  it('refuses owner tokens on the admin-only routes', async () => {
    const adminOnly = table.filter((r) => r.allowedRoles && !r.allowedRoles.includes('owner'));
    for (const route of adminOnly) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:([A-Za-z_]\w*)/g, () => randomUUID()),
        headers: bearer(A.token),
      });
      expect(res.statusCode, keyOf(route)).toBe(403);
    }
  });

  it('refuses a token of an owner that claims another owner (the signature covers it)', async () => {
    const forged = await signAccessToken(
      {
        id: randomUUID(),
        email: 'x@example.com',
        role: 'owner',
        sessionId: randomUUID(),
        ownerId: B.ownerId,
      },
      'another-secret-another-secret-another-1',
    );
    const res = await t.app.inject({ url: '/api/admin/boats', headers: bearer(forged) });
    expect(res.statusCode).toBe(401);
  });
});
