// Back-office rules for bookings: the filtered list with its KPI figures, the export, and the
// three admin transitions (confirm, cancel, refund), each checked by the domain state machine
// inside a transaction that locks the booking and records who did it.
import { randomUUID } from 'node:crypto';
import { assertTransition, TransitionError, type BookingStatus } from '@boats/domain/booking-status';
import { bookingsKpis, type BookingsKpis, type KpiBooking } from '@boats/domain/bookings-kpi';
import { bookingsCsv } from '@boats/domain/csv';
import { centsToEuros } from '@boats/domain/money';
import type { AdminBooking, BookingsPage, BookingsQuery } from '@boats/domain/schemas/booking';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import type { TokenUser } from '../auth/access-token';
import { recordBookingTransition } from '../bookings/booking-history';
import { releaseBookingCapacity } from '../bookings/capacity';
import {
  countBookings,
  findBookingRow,
  historyOf,
  listBookingRows,
  lockBooking,
  revenueBookingRows,
  ticketsOf,
  updateBooking,
  type BookingFilter,
  type BookingRow,
} from './admin-booking-repository';
import { toAdminBooking, toAdminBookings } from './admin-booking-mapper';
import { decodeCursor, encodeCursor } from './bookings-cursor';

function filterOf(query: Omit<BookingsQuery, 'cursor' | 'limit'>): BookingFilter {
  return { start: query.start, end: query.end, status: query.status, type: query.type, q: query.q };
}

async function withDetails(db: Db, rows: BookingRow[]): Promise<AdminBooking[]> {
  const ids = rows.map((r) => r.id);
  const [ticketRows, historyRows] = await Promise.all([ticketsOf(db, ids), historyOf(db, ids)]);
  return toAdminBookings(rows, ticketRows, historyRows);
}

export async function listBookings(ctx: AppContext, query: BookingsQuery): Promise<BookingsPage> {
  const filter = filterOf(query);
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  // One row more than the page tells whether another page exists.
  const rows = await listBookingRows(ctx.db, filter, query.sort, query.limit + 1, after);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({ startsAtMicros: last.startsAtMicros, id: last.id })
      : null;
  const [items, total, kpis] = await Promise.all([
    withDetails(ctx.db, page),
    countBookings(ctx.db, filter),
    filteredKpis(ctx.db, filter),
  ]);
  return { items, nextCursor, total, kpis };
}

/** The four tiles over the whole filtered set, by the domain's own amount rules. */
async function filteredKpis(db: Db, filter: BookingFilter): Promise<BookingsKpis> {
  const rows = await revenueBookingRows(db, filter);
  const ticketRows = await ticketsOf(
    db,
    rows.filter((r) => r.type === 'shared').map((r) => r.id),
  );
  const kpiBookings: KpiBooking[] = toAdminBookings(rows, ticketRows, []);
  return bookingsKpis(kpiBookings);
}

/** The export: every booking of the filter (not only a page), as RFC 4180 text. */
export async function exportBookingsCsv(ctx: AppContext, query: BookingsQuery): Promise<string> {
  const rows = await listBookingRows(ctx.db, filterOf(query), query.sort, undefined);
  const ticketRows = await ticketsOf(
    ctx.db,
    rows.filter((r) => r.type === 'shared').map((r) => r.id),
  );
  return bookingsCsv(toAdminBookings(rows, ticketRows, []));
}

export async function getAdminBooking(db: Db, id: string): Promise<AdminBooking> {
  const row = await findBookingRow(db, id);
  if (!row) throw notFound('Booking');
  const [ticketRows, historyRows] = await Promise.all([ticketsOf(db, [id]), historyOf(db, [id])]);
  return toAdminBooking(row, ticketRows, historyRows);
}

function assertAdminTransition(from: BookingStatus, to: BookingStatus): void {
  try {
    assertTransition(from, to);
  } catch (err) {
    if (err instanceof TransitionError) {
      throw conflict(err.code, err.message, { from: err.from, to: err.to });
    }
    throw err;
  }
}

type Row = NonNullable<Awaited<ReturnType<typeof lockBooking>>>;

/**
 * Locks the booking, checks the transition, applies `effects` and the status, records the
 * history row, all in one transaction; answers the updated booking.
 */
async function transition(
  ctx: AppContext,
  id: string,
  to: BookingStatus,
  admin: TokenUser,
  reason: string | null,
  effects?: (tx: Db, row: Row) => Promise<Partial<Row>>,
): Promise<AdminBooking> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockBooking(tx, id);
    if (!row) throw notFound('Booking');
    assertAdminTransition(row.status, to);
    const extra = effects ? await effects(tx, row) : {};
    await updateBooking(tx, id, { ...extra, status: to });
    await recordBookingTransition(tx, {
      bookingId: id,
      at: ctx.now(),
      actor: admin.email,
      actorUserId: admin.id,
      from: row.status,
      to,
      reason,
    });
  });
  return getAdminBooking(ctx.db, id);
}

export function confirmBooking(ctx: AppContext, id: string, admin: TokenUser): Promise<AdminBooking> {
  return transition(ctx, id, 'confirmed', admin, null);
}

/** Cancels and gives the capacity back: sold seats to the shared slot, hours to the charter's slots. */
export function cancelBooking(
  ctx: AppContext,
  id: string,
  admin: TokenUser,
  reason?: string,
): Promise<AdminBooking> {
  return transition(ctx, id, 'canceled', admin, reason ?? null, async (tx, row) => {
    // The booking engine's own release: sold seats back to the shared slot, a charter's hours
    // freed; a pending booking's seats were only a hold, which ends with the status change.
    await releaseBookingCapacity(tx, row);
    return { holdExpiresAt: null, cancelReason: reason ?? row.cancelReason };
  });
}

const REFUND_CLAIM = 'pending:';

/**
 * Refunds what was received and still not refunded through the card provider, then marks the
 * booking refunded. The provider call happens outside any transaction (the embedded database
 * has one connection, and the sandbox provider writes to it); a claim written first keeps two
 * admins from refunding the same booking twice.
 */
export async function refundBooking(
  ctx: AppContext,
  id: string,
  admin: TokenUser,
  reason?: string,
): Promise<AdminBooking> {
  const claim = `${REFUND_CLAIM}${randomUUID()}`;
  const due = await ctx.db.transaction(async (tx) => {
    const row = await lockBooking(tx, id);
    if (!row) throw notFound('Booking');
    assertAdminTransition(row.status, 'refunded');
    if (row.providerRefundId?.startsWith(REFUND_CLAIM)) {
      throw conflict('refund_in_progress', 'A refund of this booking is already in progress');
    }
    await updateBooking(tx, id, { providerRefundId: claim });
    return { cents: Math.max(0, row.amountReceivedCents - row.amountRefundedCents), row };
  });

  let refundId: string | null = null;
  if (due.cents > 0) {
    try {
      if (!due.row.providerPaymentId) {
        throw conflict('refund_failed', 'The booking has no card payment to refund');
      }
      const refund = await ctx.payments.refund({
        paymentIntentId: due.row.providerPaymentId,
        amountCents: due.cents,
        idempotencyKey: `refund-${id}-${due.row.amountRefundedCents}`,
      });
      refundId = refund.id;
    } catch (err) {
      await updateBooking(ctx.db, id, { providerRefundId: due.row.providerRefundId });
      throw err;
    }
  }

  const note =
    due.cents > 0
      ? `Refunded ${centsToEuros(due.cents).toFixed(2)} EUR to the card${reason ? `: ${reason}` : ''}`
      : `Nothing had been received${reason ? `: ${reason}` : ''}`;
  return transition(ctx, id, 'refunded', admin, note, async (_tx, row) => {
    if (row.providerRefundId !== claim) {
      throw conflict('refund_in_progress', 'A refund of this booking is already in progress');
    }
    return {
      providerRefundId: refundId ?? due.row.providerRefundId,
      amountRefundedCents: row.amountRefundedCents + due.cents,
    };
  });
}
