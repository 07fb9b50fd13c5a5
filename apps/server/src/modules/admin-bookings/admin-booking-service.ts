// Back-office rules for bookings: the filtered list with its KPI figures, the export, and the
// three admin actions (confirm, cancel, refund) through the booking lifecycle and the refund
// function, recording who did it.
import type { RequestDecline } from '@boats/domain/schemas/request-to-book';
import { noteAudit } from '../audit/audit-trail';
import type { HistoryCode } from '@boats/domain/booking-history';
import type { BookingStatus } from '@boats/domain/booking-status';
import { centsToEuros } from '@boats/domain/money';
import { addDays, canaryDateKey, canaryDayRange } from '@boats/domain/canary-time';
import { bookingCsvRow, bookingsCsvHeader, defaultCsvSeparator, toCsv } from '@boats/domain/csv';
import { csvLanguage } from '../../locale-texts';
import type {
  AdminBooking,
  AdminBookingDetails,
  BookingsPage,
  BookingsQuery,
} from '@boats/domain/schemas/booking';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict, DomainError, notFound } from '../../http/errors';
import type { TokenUser } from '../auth/access-token';
import { findBooking } from '../bookings/booking-repository';
import { lockBookingWithTrip } from '../bookings/lock-order';
import { transition } from '../bookings/lifecycle';
import { settleIntent, stopIntent } from '../bookings/payment-confirmation';
import { acceptRequest, declineRequest, lapseRequest } from '../booking-requests/request-decision';
import { paymentsOf, refundsOf, refundsOfBookings } from '../payments/ledger';
import { refundBooking as refundThroughLedger } from '../bookings/refunds';
import { GOODWILL_CAUSE, mayRefundAsGoodwill } from '@boats/domain/goodwill-refund';
import {
  addFigures,
  bookingInScope,
  boatsTitled,
  kpiFigures,
  findBookingRow,
  historyOf,
  listBookingRows,
  nextBookingStart,
  ticketsOf,
  exportFactsOf,
  type BookingFilter,
  type BookingOrder,
  type BookingRow,
  type KpiFigures,
} from './admin-booking-repository';
import { cachedJson } from '../../http/answer-cache';
import { MAX_CACHED_MS, tripStartsGroup, type ReadCaches, type TripStarts } from '../../http/read-caches';
import { toAdminBooking, toAdminBookingDetails, toAdminBookings } from './admin-booking-mapper';
import { decodeCursor, encodeCursor, type BookingsCursor } from './bookings-cursor';
import { scopeOf, type OwnerScope } from '../owner-scope/owner-scope';
import { operatorIdentity } from '../operator/operator-identity';

async function filterOf(
  db: Db,
  scope: OwnerScope,
  query: Omit<BookingsQuery, 'cursor' | 'limit'>,
): Promise<BookingFilter> {
  const search = query.q ? { text: query.q, boatIds: await boatsTitled(db, query.q) } : undefined;
  return {
    scope,
    start: query.start,
    end: query.end,
    status: query.status,
    type: query.type,
    channel: query.channel,
    search,
  };
}

/** The list's order; "upcoming" splits where its first page did, which the cursor carries. */
function orderOf(sort: BookingsQuery['sort'], now: Date, after?: BookingsCursor): BookingOrder {
  if (sort !== 'upcoming') return sort;
  return { upcomingFromMicros: after?.pivotMicros ?? String(BigInt(now.getTime()) * 1000n) };
}

async function withDetails(db: Db, rows: BookingRow[]): Promise<AdminBooking[]> {
  const ids = rows.map((r) => r.id);
  const [ticketRows, historyRows, refundRows] = await Promise.all([
    ticketsOf(db, ids),
    historyOf(db, ids),
    refundsOfBookings(db, ids),
  ]);
  return toAdminBookings(rows, ticketRows, historyRows, refundRows);
}

/**
 * The filter's total and tiles, from the read cache while no booking, ticket or ledger row of a
 * trip starting in the filter's range has changed since they were added up (the database's
 * notifications say which, http/read-caches.ts): a sale of another month leaves them. A range of
 * a month or so is kept day by day and summed (`dayParts`), so a sale in it adds up its own day
 * again, not the month's 12,000 bookings (docs/performance.md#the-back-office-while-sales-land).
 */
async function cachedKpiFigures(
  ctx: AppContext,
  caches: ReadCaches,
  filter: BookingFilter,
): Promise<KpiFigures> {
  const days = dayParts(filter);
  if (!days) return cachedFiguresOf(ctx, caches, filter);
  return addFigures(await Promise.all(days.map((day) => cachedFiguresOf(ctx, caches, day))));
}

async function cachedFiguresOf(
  ctx: AppContext,
  caches: ReadCaches,
  filter: BookingFilter,
): Promise<KpiFigures> {
  const now = ctx.now().getTime();
  const answer = await caches.bookingFigures.get(
    JSON.stringify(filter),
    // A day's group ends at the next midnight itself: a change at that instant drops both days.
    tripStartsGroup(filter.start, filter.end ?? filter.endBefore),
    now,
    async () => ({
      body: JSON.stringify(await kpiFigures(ctx.db, filter)),
      validUntil: now + MAX_CACHED_MS,
    }),
  );
  return cachedJson<KpiFigures>(answer);
}

/** Ranges up to this many days are kept day by day; a longer one is added up whole. */
const MOST_DAYS_KEPT_APART = 62;

/**
 * The filter cut at each Canary midnight of its range: every day but the last ends before the next
 * midnight, the last where the filter does, so the days' bookings are the filter's, each once.
 * Undefined for an open range or one longer than MOST_DAYS_KEPT_APART.
 */
function dayParts(filter: BookingFilter): BookingFilter[] | undefined {
  if (!filter.start || !filter.end) return undefined;
  const end = Date.parse(filter.end);
  const days: BookingFilter[] = [];
  let start = filter.start;
  let day = canaryDateKey(start);
  for (;;) {
    if (days.length >= MOST_DAYS_KEPT_APART) return undefined;
    const next = canaryDayRange(day).end;
    if (next.getTime() > end) return [...days, { ...filter, start }];
    days.push({ ...filter, start, end: undefined, endBefore: next.toISOString() });
    start = next.toISOString();
    day = addDays(day, 1);
  }
}

async function listBookings(
  ctx: AppContext,
  caches: ReadCaches,
  scope: OwnerScope,
  query: BookingsQuery,
): Promise<BookingsPage> {
  const filter = await filterOf(ctx.db, scope, query);
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const order = orderOf(query.sort, ctx.now(), after);
  const pivotMicros = typeof order === 'object' ? order.upcomingFromMicros : undefined;
  // One row more than the page tells whether another page exists.
  const rows = await listBookingRows(ctx.db, filter, order, query.limit + 1, after);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({ startsAtMicros: last.startsAtMicros, id: last.id, pivotMicros })
      : null;
  const [items, figures] = await Promise.all([
    withDetails(ctx.db, page),
    cachedKpiFigures(ctx, caches, filter),
  ]);
  const { total, revenueCents, heldCents, byChannel, ...counts } = figures;
  return {
    items,
    nextCursor,
    total,
    kpis: {
      ...counts,
      revenue: centsToEuros(revenueCents),
      held: centsToEuros(heldCents),
      byChannel: byChannel.map((c) => ({
        kind: c.channel,
        name: c.name,
        count: c.count,
        retail: centsToEuros(c.retailCents),
        revenue: centsToEuros(c.revenueCents),
      })),
    },
  };
}

/**
 * The tables `bookingsPageUntil` reads, its figures' included (read-cache.test.ts holds it to
 * them), with those its repository names when the data asks (an invoice, an owner).
 */
export const BOOKINGS_PAGE_TABLES = [
  'agent_bookings',
  'agents',
  'boats',
  'booking_history',
  'bookings',
  'customer_invoices',
  'owners',
  'payments',
  'refunds',
  'reseller_bookings',
  'resellers',
  'tickets',
  'trip_change_offers',
  'users',
];

/**
 * The page, and until when the clock alone leaves it true: "upcoming first" (the default) splits
 * at the moment of asking, so its page changes once the next booking's start has passed.
 */
export async function bookingsPageUntil(
  ctx: AppContext,
  caches: ReadCaches,
  scope: OwnerScope,
  query: BookingsQuery,
): Promise<{ answer: BookingsPage; validUntil: number | undefined; tripStarts: TripStarts }> {
  const [answer, nextStart] = await Promise.all([
    listBookings(ctx, caches, scope, query),
    query.sort === 'upcoming' && !query.cursor ? nextBookingStart(ctx.db, ctx.now()) : undefined,
  ]);
  return {
    answer,
    // Upcoming while its start is at or after the moment of asking: it moves a millisecond later.
    validUntil: nextStart ? nextStart.getTime() + 1 : undefined,
    // A page of a month shows that month's bookings: another month's sales leave it.
    tripStarts: { start: query.start, end: query.end },
  };
}

/** Bookings read from the database per step of the export: a month streams in a few steps. */
const EXPORT_PAGE_SIZE = 500;

/**
 * The export: every booking of the filter (not only a page), as RFC 4180 text in the language
 * and number format asked for. Yielded a page of bookings at a time (keyset pages in the list's
 * order), so the memory it takes does not grow with the file.
 */
export async function* exportBookingsCsv(
  ctx: AppContext,
  scope: OwnerScope,
  query: BookingsQuery,
): AsyncGenerator<string> {
  const language = csvLanguage(query.lang);
  const separator = query.separator ?? defaultCsvSeparator(query.lang);
  const platform = operatorIdentity(ctx.config);
  const filter = await filterOf(ctx.db, scope, query);
  const order = orderOf(query.sort, ctx.now());
  yield bookingsCsvHeader(language, separator);
  let after: BookingsCursor | undefined;
  for (;;) {
    const rows = await listBookingRows(ctx.db, filter, order, EXPORT_PAGE_SIZE, after);
    if (rows.length === 0) return;
    const [ticketRows, facts] = await Promise.all([
      ticketsOf(
        ctx.db,
        rows.filter((r) => r.type === 'shared').map((r) => r.id),
      ),
      exportFactsOf(
        ctx.db,
        rows.map((r) => r.id),
      ),
    ]);
    const factsOf = new Map(facts.map((f) => [f.bookingId, f]));
    const csvRows = toAdminBookings(rows, ticketRows, []).map((booking) => {
      const f = factsOf.get(booking._id);
      return bookingCsvRow(
        {
          ...booking,
          // The platform's own boats are sold in its name (OPERATOR_*), not its owners row's.
          owner:
            f &&
            (f.ownerIsPlatform
              ? { name: platform.legalName, taxId: platform.taxId }
              : { name: f.ownerName, taxId: f.ownerTaxId }),
          paymentMethods: f?.paymentMethods ?? [],
          invoice:
            f?.invoiceNumber && f.igicCents !== null
              ? {
                  number: f.invoiceNumber,
                  rectifying: f.rectifyingNumbers,
                  igic: centsToEuros(f.igicCents),
                }
              : null,
        },
        language,
        separator,
      );
    });
    yield toCsv(csvRows, separator);
    if (rows.length < EXPORT_PAGE_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = {
      startsAtMicros: last.startsAtMicros,
      id: last.id,
      pivotMicros: typeof order === 'object' ? order.upcomingFromMicros : undefined,
    };
  }
}

async function getAdminBooking(db: Db, scope: OwnerScope, id: string): Promise<AdminBooking> {
  const row = await findBookingRow(db, scope, id);
  if (!row) throw notFound('Booking');
  const [ticketRows, historyRows, refundRows] = await Promise.all([
    ticketsOf(db, [id]),
    historyOf(db, [id]),
    refundsOf(db, id),
  ]);
  return toAdminBooking(row, ticketRows, historyRows, refundRows);
}

/** The booking with its ledger: every payment and refund, and the net received. */
export async function getAdminBookingDetails(
  db: Db,
  scope: OwnerScope,
  id: string,
): Promise<AdminBookingDetails> {
  // One snapshot: the booking row's received and refunded, from which the fee split is worked
  // out, and its payment and refund rows, which make the net, must be read at one instant, or a
  // refund committed between the reads shows a split that disagrees with the net.
  return db.transaction(
    async (tx) => {
      const booking = await getAdminBooking(tx, scope, id);
      const paymentRows = await paymentsOf(tx, id);
      const refundRows = await refundsOf(tx, id);
      return toAdminBookingDetails(booking, paymentRows, refundRows);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

type Admin = TokenUser;

/** Another owner's booking is not found: nothing of it is read, locked or changed. */
async function assertInScope(db: Db, admin: Admin, id: string): Promise<void> {
  if (!(await bookingInScope(db, scopeOf(admin), id))) throw notFound('Booking');
}

async function adminTransition(
  ctx: AppContext,
  id: string,
  to: BookingStatus,
  admin: Admin,
  code: HistoryCode,
  reason: string | null,
) {
  await assertInScope(ctx.db, admin, id);
  return ctx.db.transaction(async (tx) => {
    const row = await lockBookingWithTrip(tx, id);
    if (!row) throw notFound('Booking');
    noteAudit({ changes: { status: { before: row.status, after: to } } });
    return transition(ctx, tx, row, to, { actor: admin.email, actorUserId: admin.id, code, reason });
  });
}

/** The audit row of an answer to a request: the status before and after. */
async function noteStatusChange(db: Db, id: string, before: BookingStatus): Promise<void> {
  const after = await findBooking(db, id);
  if (after) noteAudit({ changes: { status: { before, after: after.status } } });
}

export async function confirmBooking(ctx: AppContext, id: string, admin: Admin): Promise<AdminBooking> {
  await adminTransition(ctx, id, 'confirmed', admin, 'operator_confirmed', null);
  return getAdminBooking(ctx.db, scopeOf(admin), id);
}

/**
 * Cancels and gives the capacity back. `reason` is the internal note (history only); `message`,
 * when given, is what the customer's e-mail says from the operator. A pending booking whose card payment already succeeded
 * is settled first (it becomes paid, then canceled, and its money waits for the operator's
 * refund decision); a pending booking's intent is stopped afterwards, so a payment racing the
 * cancel is refunded automatically rather than kept for a booking that no longer exists.
 */
export async function cancelBooking(
  ctx: AppContext,
  id: string,
  admin: Admin,
  input: {
    reason?: string | undefined;
    message?: string | undefined;
    /** Why the platform cancels, when it is one of its own steps ('owner_suspended'). */
    cause?: string | undefined;
  } = {},
): Promise<AdminBooking> {
  const { reason, message, cause } = input;
  await assertInScope(ctx.db, admin, id);
  const before = await findBooking(ctx.db, id);
  if (!before) throw notFound('Booking');
  if (before.status === 'requested') {
    throw conflict('invalidTransition', 'A request is declined, with a reason, not canceled', {
      from: 'requested',
      to: 'canceled',
    });
  }
  if (before.status === 'pending' && before.providerPaymentId) {
    const intent = await ctx.payments.retrieveIntent(before.providerPaymentId).catch(() => undefined);
    if (intent?.status === 'succeeded') await settleIntent(ctx, intent, { actor: 'provider' });
  }
  const canceled = await ctx.db.transaction(async (tx) => {
    const row = await lockBookingWithTrip(tx, id);
    if (!row) throw notFound('Booking');
    const updated = await transition(ctx, tx, row, 'canceled', {
      actor: admin.email,
      actorUserId: admin.id,
      code: 'operator_canceled',
      // The e-mail carries the message (and the cause's own words); the reason stays in the history.
      params: { ...(message && { message }), ...(cause && { cause }) },
      reason: reason ?? null,
    });
    noteAudit({ changes: { status: { before: row.status, after: updated.status } } });
    return { updated, wasPending: row.status === 'pending' };
  });
  if (canceled.wasPending && canceled.updated.providerPaymentId) {
    await stopIntent(ctx, canceled.updated.providerPaymentId);
  }
  return getAdminBooking(ctx.db, scopeOf(admin), id);
}

/** The owner (or the platform admin) accepts a request-to-book: its card is charged. */
export async function acceptBookingRequest(ctx: AppContext, id: string, admin: Admin): Promise<AdminBooking> {
  await assertInScope(ctx.db, admin, id);
  await acceptRequest(ctx, id, { email: admin.email, id: admin.id });
  await noteStatusChange(ctx.db, id, 'requested');
  return getAdminBooking(ctx.db, scopeOf(admin), id);
}

/** The owner (or the platform admin) declines a request-to-book: the authorization is canceled. */
export async function declineBookingRequest(
  ctx: AppContext,
  id: string,
  admin: Admin,
  decline: RequestDecline,
): Promise<AdminBooking> {
  await assertInScope(ctx.db, admin, id);
  await declineRequest(ctx, id, { email: admin.email, id: admin.id }, decline);
  await noteStatusChange(ctx.db, id, 'requested');
  return getAdminBooking(ctx.db, scopeOf(admin), id);
}

/**
 * Test bookings only (PAYMENTS=sandbox): an unanswered request reaches its deadline now and
 * lapses exactly as the job lapses it (the journeys' server keeps the real clock). 409 when it
 * was answered already.
 */
export async function lapseBookingRequestNow(
  ctx: AppContext,
  id: string,
  admin: Admin,
): Promise<AdminBooking> {
  await assertInScope(ctx.db, admin, id);
  const booking = await findBooking(ctx.db, id);
  if (booking?.status !== 'requested' || booking.requestAcceptedAt)
    throw conflict('request_decided', 'This request was answered already.');
  // An accept may claim it between the read above and the lapse's lock: then nothing lapsed,
  // and the answer says what the booking is instead of a 200.
  const lapsed = await lapseRequest(ctx, id, ctx.now());
  if (!lapsed) {
    const now = await findBooking(ctx.db, id);
    throw conflict('request_decided', 'This request was answered already.', {
      status: now?.status ?? 'requested',
    });
  }
  await noteStatusChange(ctx.db, id, 'requested');
  return getAdminBooking(ctx.db, scopeOf(admin), id);
}

/**
 * Refunds a booking through the card provider. A canceled one: `amountCents` (a partial refund)
 * or everything still refundable. One that sails or sailed (paid, confirmed, completed): a
 * goodwill refund (docs/payments.md#goodwill-refunds), with a reason the customer reads; the
 * booking keeps its status, seats and tickets, so before the trip it is part of the money only
 * (all of it is a cancellation, 409). After the trip its owner's earnings get a negative line
 * (earnings/earnings.ts). 409 when nothing was received, or for more than that.
 */
export async function refundByOperator(
  ctx: AppContext,
  id: string,
  admin: Admin,
  input: {
    reason?: string | undefined;
    amountCents?: number | undefined;
    /** Why the platform refunds, when it is one of its own steps ('owner_suspended'). */
    cause?: string | undefined;
  },
): Promise<AdminBooking> {
  await assertInScope(ctx.db, admin, id);
  const row = await findBooking(ctx.db, id);
  if (!row) throw notFound('Booking');
  const goodwill = mayRefundAsGoodwill(row.status);
  if (row.status !== 'canceled' && !goodwill) {
    throw conflict('invalidTransition', `A ${row.status} booking cannot be refunded`, {
      from: row.status,
      to: 'refunded',
    });
  }
  if (goodwill && !input.reason) {
    throw new DomainError(
      400,
      'validation',
      'A goodwill refund needs a reason: the customer reads it in the refund’s e-mail.',
      undefined,
      [{ path: 'body.reason', message: 'validation.required' }],
    );
  }
  // Above the step-up limit the refund's transaction refuses it (the route's stepUp mark).
  const outcome = await refundThroughLedger(ctx, id, {
    ...(input.amountCents !== undefined ? { amountCents: input.amountCents } : {}),
    requestedBy: { userId: admin.id, at: ctx.now() },
    actor: admin.email,
    reason: input.reason ?? 'Refund by the operator',
    cause: goodwill ? GOODWILL_CAUSE : (input.cause ?? 'operator'),
  });
  if (outcome.status === 'failed') {
    throw new DomainError(502, 'refund_failed', 'The card provider refused the refund.');
  }
  noteAudit({
    changes: {
      refund: {
        before: null,
        after: {
          amount: centsToEuros(outcome.refund.amountCents),
          status: outcome.status,
          cause: outcome.refund.cause,
        },
      },
    },
  });
  return getAdminBooking(ctx.db, scopeOf(admin), id);
}
