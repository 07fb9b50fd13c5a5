/**
 * The booking lifecycle: the ONLY code that writes a booking's status.
 *
 * Contract (for checkout, admin actions, jobs, and the cancellation features built on top):
 *
 *   const row = await lockBookingRow(tx, id);             // lock first, in your transaction
 *   await transition(ctx, tx, row, 'canceled', {
 *     actor: 'customer' | 'system' | 'provider' | admin.email, actorUserId?,
 *     code: 'operator_canceled',                           // HistoryCode (add yours there)
 *     params: { ... },                                      // values the translation needs
 *     reason: 'free text typed by a person' | null,
 *   });
 *
 * transition() checks the domain's transition table (409 invalidTransition), then in the same
 * transaction: claims capacity on → paid (throws CapacityLostError, changing nothing, when the
 * seats or hours were resold), gives it back on → canceled, issues tickets (a seat each on a
 * shared trip, one boarding pass for a charter party),
 * writes the history entry (code + params) and emits a `booking.status_changed` domain event
 * into the outbox (e-mails and other consumers read it).
 *
 * Money is not moved here: to give money back call refundBooking() (refunds.ts) after your
 * transaction commits; it records a `refunds` row, asks the provider, and emits refund.* events.
 */
import { assertTransition, TransitionError, type BookingStatus } from '@boats/domain/booking-status';
import type { HistoryCode } from '@boats/domain/booking-history';
import { bookingPrice, platformSplit } from '@boats/domain/pricing';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { eq, sql } from 'drizzle-orm';
import { preparedSql } from '../../db/prepared';
import { bookingHistory, bookings, domainEvents, tickets } from '../../db/schema';
import { conflict, DomainError } from '../../http/errors';
import type { DomainEvent } from '../events/domain-events';
import { updateBookingRow, type BookingRow } from './booking-repository';
import { releaseBookingCapacity, sellHeldCapacity } from './capacity';
import { issueTickets } from './issue-tickets';

export type TransitionInput = {
  /** 'system', 'customer', 'provider' or the admin's e-mail. */
  actor: string;
  actorUserId?: string | null;
  code: HistoryCode | (string & {});
  params?: Record<string, string | number>;
  /** Free text a person typed (the operator's cancel reason); shown as written. */
  reason?: string | null;
};

/** → paid refused: the lapsed hold's seats or hours were sold to someone else meanwhile. */
export class CapacityLostError extends DomainError {
  constructor() {
    super(409, 'capacity_lost', 'The seats or hours of this booking were taken by someone else.');
  }
}

function checkTable(from: BookingStatus, to: BookingStatus): void {
  try {
    assertTransition(from, to);
  } catch (err) {
    if (err instanceof TransitionError) throw conflict(err.code, err.message, { from, to });
    throw err;
  }
}

/** Moves a booking the caller has locked in `tx` to `to`; answers the updated row. */
export async function transition(
  ctx: AppContext,
  tx: Db,
  booking: BookingRow,
  to: BookingStatus,
  input: TransitionInput,
): Promise<BookingRow> {
  checkTable(booking.status, to);
  const now = ctx.now();
  let patch: Partial<BookingRow> = {};
  if (to === 'paid') patch = await sell(ctx, tx, booking, now);
  if (to === 'canceled') {
    await releaseBookingCapacity(tx, booking);
    patch = { holdExpiresAt: null, cancelReason: input.code };
  }
  const updated = await writeStatus(tx, booking.id, to, patch);
  await record(ctx, tx, booking.status, updated, input);
  return updated;
}

/** The one statement that writes a booking's status (with the other columns of the change). */
async function writeStatus(
  tx: Db,
  id: string,
  to: BookingStatus,
  patch: Partial<BookingRow>,
): Promise<BookingRow> {
  const [updated] = await tx
    .update(bookings)
    .set({ ...patch, status: to, updatedAt: sql`now()` })
    .where(eq(bookings.id, id))
    .returning();
  if (!updated) throw new Error('booking update returned nothing');
  return updated;
}

/** History entry (code + params) and the domain event of a status change. */
async function record(
  ctx: AppContext,
  tx: Db,
  from: BookingStatus,
  booking: BookingRow,
  input: TransitionInput,
): Promise<void> {
  const params = input.params ?? {};
  const reason = input.reason ?? null;
  const event = {
    kind: 'booking.status_changed',
    bookingId: booking.id,
    payload: { from, to: booking.status, code: input.code, params, actor: input.actor, reason },
  } satisfies DomainEvent;
  await insertHistoryAndEvent(tx, {
    bookingId: booking.id,
    at: ctx.now(),
    actor: input.actor,
    actorUserId: input.actorUserId ?? null,
    fromStatus: from,
    toStatus: booking.status,
    code: input.code,
    params,
    reason,
    payload: event.payload,
  });
}

const value = (name: string, column: Parameters<typeof sql.param>[1]) =>
  sql.param(sql.placeholder(name), column);

/**
 * A status change's history entry and its `booking.status_changed` event in one statement (both
 * inserts run whether or not the outer one reads the first): every status change writes both, so
 * one round trip instead of two. The event's row is the one emitEvent would write.
 */
const insertHistoryAndEvent = preparedSql<
  typeof bookingHistory.$inferInsert & {
    payload: Extract<DomainEvent, { kind: 'booking.status_changed' }>['payload'];
  }
>(
  'booking_history_and_event',
  sql`with history as (
      insert into ${bookingHistory} (booking_id, at, actor, actor_user_id, from_status, to_status, code, params, reason)
      values (${value('bookingId', bookingHistory.bookingId)}, ${value('at', bookingHistory.at)},
        ${value('actor', bookingHistory.actor)}, ${value('actorUserId', bookingHistory.actorUserId)},
        ${value('fromStatus', bookingHistory.fromStatus)}, ${value('toStatus', bookingHistory.toStatus)},
        ${value('code', bookingHistory.code)}, ${value('params', bookingHistory.params)},
        ${value('reason', bookingHistory.reason)}))
    insert into ${domainEvents} (kind, booking_id, payload)
    values ('booking.status_changed', ${value('bookingId', domainEvents.bookingId)}, ${value('payload', domainEvents.payload)})`,
);

/**
 * A canceled shared booking (its trip was canceled for the weather) moves to another shared trip
 * of the boat: it keeps its id and its payment, takes seats on the target (409 when they no longer
 * fit), gets new tickets at the target's price, its gross and fee split follow the new price, and
 * it is paid again. The caller refunds any difference after the commit. History code
 * `trip_moved`; the event carries it, so the e-mail with the new tickets follows.
 */
export async function moveToTrip(
  ctx: AppContext,
  tx: Db,
  booking: BookingRow,
  target: { id: string; startsAt: Date; endsAt: Date; seatPriceCents: number },
  input: TransitionInput,
): Promise<BookingRow> {
  if (booking.status !== 'canceled' || booking.type !== 'shared') {
    throw conflict(
      'invalidTransition',
      `A ${booking.status} ${booking.type} booking cannot move to another trip`,
    );
  }
  const hours = (target.endsAt.getTime() - target.startsAt.getTime()) / 3_600_000;
  const price = bookingPrice({
    mode: 'shared',
    seatPricePerHourCents: target.seatPriceCents,
    passengers: { adults: booking.adults, children50: booking.childrenU13, kidsFree: booking.childrenU6 },
    hours,
  });
  // The old tickets stop boarding anyone; sell() numbers seats and issues new ones on the target.
  await tx.delete(tickets).where(eq(tickets.bookingId, booking.id));
  const placed = await updateBookingRow(tx, booking.id, {
    slotId: target.id,
    startsAt: target.startsAt,
    endsAt: target.endsAt,
    durationHours: hours,
    amountGrossCents: price.amountCents,
    priceBreakdown: price.breakdown,
    cancelReason: null,
  });
  const moved = await writeStatus(tx, booking.id, 'paid', await sell(ctx, tx, placed, ctx.now()));
  await record(ctx, tx, booking.status, moved, input);
  return moved;
}

/** The first history entry of a new booking (it has no `from`). */
export async function recordCreated(
  ctx: AppContext,
  tx: Db,
  booking: BookingRow,
  input: TransitionInput,
): Promise<void> {
  await tx.insert(bookingHistory).values({
    bookingId: booking.id,
    at: ctx.now(),
    actor: input.actor,
    fromStatus: null,
    toStatus: booking.status,
    code: input.code,
    params: input.params ?? {},
    reason: input.reason ?? null,
  });
}

/** pending → paid: the hold becomes a sale (seats counted, hours kept), tickets, money split. */
async function sell(ctx: AppContext, tx: Db, row: BookingRow, now: Date): Promise<Partial<BookingRow>> {
  const sale = await sellHeldCapacity(tx, row, now);
  if (!sale.ok) throw new CapacityLostError();
  await issueTickets(tx, row, sale.seats);
  const split = platformSplit(row.amountGrossCents, ctx.config.PLATFORM_FEE_PERCENT);
  return {
    platformFeeCents: split.feeCents,
    ownerAmountCents: split.ownerCents,
    paidAt: now,
    holdExpiresAt: null,
  };
}
