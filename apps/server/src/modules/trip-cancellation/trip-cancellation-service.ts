// Canceling a whole trip (weather, or the minimum-to-depart cutoff), in two resumable steps:
//
// 1. One transaction locks the slot, records the cancellation, closes the slot and cancels
//    every sold booking through the lifecycle (history, capacity, the domain event the
//    customer's e-mail is rendered from). A second caller waits on the slot lock, then finds
//    the record and skips this step: the bookings are canceled and e-mailed once. A customer
//    who canceled the same trip under the policy a moment before (SAME_INSTANT_MS) is added
//    for the rest of their refund: the operator's cancellation wins.
// 2. Each booking is refunded through the one refund function, with an idempotency key per
//    trip and booking, so a rerun after a crash (or a second instance doing the same) never
//    refunds twice; it only finishes the refunds that are left.
import { and, eq, gte, or, sql } from 'drizzle-orm';
import { isRevenueStatus } from '@boats/domain/booking-status';
import { isUuid } from '@boats/domain/schemas/common';
import type { CanceledCustomerState, TripCancelCause } from '@boats/domain/schemas/trips';
import type { TripCancelReason } from '@boats/domain/schemas/trip-cancellation';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  bookingHistory,
  bookings,
  slots,
  tripCancellationBookings,
  tripCancellations,
  tripChangeOffers,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { findSlotBoatId, lockBookingRow } from '../bookings/booking-repository';
import type { OwnerScope } from '../owner-scope/owner-scope';
import { transition } from '../bookings/lifecycle';
import { ledgerOf } from '../payments/ledger';
import {
  cancellationOfTrip,
  type CanceledCustomerRow,
  requestedBookingsOnSlot,
  resellerHoldsOnSlot,
  soldBookingsOnSlot,
} from '../trips/trips-repository';
import { queueCutoffNotice } from './operator-notices';
import { moveOptions, offerDeadline } from './trip-change-options';
import { expireTripChangeOffers } from './trip-change-service';
import { canceledTripOf, finishTripRefunds } from './trip-refunds';

export type TripCancelInput = {
  /** The standard reason customers read in their language; null for the cutoff. */
  reasonCode: TripCancelReason | null;
  /** Internal: the trip's record and each booking's history, never e-mailed. */
  note: string;
  /** Sent as written to every customer, when given. */
  message?: string | null;
  offer: 'refund' | 'choice';
  cause: TripCancelCause;
  actor: string;
  actorUserId?: string | null;
};

/** Step 1: answers false when the trip was already canceled (by another run). */
export async function cancelBookingsOfTrip(
  ctx: AppContext,
  slotId: string,
  input: TripCancelInput,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [slot] = await tx.select().from(slots).where(eq(slots.id, slotId)).for('update');
    if (!slot) throw notFound('Trip');
    const [done] = await tx.select().from(tripCancellations).where(eq(tripCancellations.slotId, slotId));
    if (done) return false;
    const now = ctx.now();
    await tx.insert(tripCancellations).values({
      slotId,
      cause: input.cause,
      offer: input.offer,
      reason: input.note,
      reasonCode: input.reasonCode,
      actor: input.actor,
      createdAt: now,
    });
    await tx
      .update(slots)
      .set({ canceledAt: now, cancelReason: input.note || input.reasonCode, isOpen: false, updatedAt: now })
      .where(eq(slots.id, slotId));
    const canceled = canceledTripOf(ctx, slotId, now);
    const sold = (await soldBookingsOnSlot(tx, slotId)).map(({ booking }) => booking.id);
    const requested = (await requestedBookingsOnSlot(tx, slotId)).map((b) => b.id);
    const resellerHolds = (await resellerHoldsOnSlot(tx, slotId, now)).map((b) => b.id);
    const justCanceled = await canceledByCustomerSince(tx, slotId, new Date(now.getTime() - SAME_INSTANT_MS));
    // Bookings by id after the trip's row (docs/architecture.md#concurrency).
    for (const bookingId of [...sold, ...requested, ...resellerHolds, ...justCanceled].sort()) {
      const row = await lockBookingRow(tx, bookingId);
      if (!row) continue;
      if (row.status === 'pending' || row.status === 'requested') {
        // Nothing was charged: a reseller's reservation not confirmed (released, the reseller
        // told by webhook, no e-mail), or a request-to-book (its card only authorized, or an
        // accept still capturing; docs/payments.md#request-to-book), canceled with the trip's
        // e-mail, which says the card was not charged. No choice is offered for money never
        // taken. Step 2 cancels a request's authorization (and gives back a capture that raced).
        await transition(ctx, tx, row, 'canceled', {
          actor: input.actor,
          actorUserId: input.actorUserId ?? null,
          code: 'trip_canceled',
          params: tripCanceledParams(input),
          reason: input.note || null,
        });
        if (row.status === 'requested') {
          await tx.insert(tripCancellationBookings).values({ slotId, bookingId: row.id, state: 'to_refund' });
        }
        continue;
      }
      const ledger = await ledgerOf(tx, row.id);
      if (!isRevenueStatus(row.status)) {
        // The customer canceled this trip at the same moment, under the policy: the operator's
        // cancellation wins, so what the policy kept is refunded too (step 2).
        if (ledger.refundableCents > 0) {
          await tx.insert(tripCancellationBookings).values({ slotId, bookingId: row.id, state: 'to_refund' });
        }
        continue;
      }
      // Each customer's own deadline, from the trips offered to them (domain trip-change-deadline).
      const deadline =
        input.offer === 'choice'
          ? offerDeadline(await moveOptions(tx, row, canceled, ledger.refundableCents, now), canceled)
          : null;
      await transition(ctx, tx, row, 'canceled', {
        actor: input.actor,
        actorUserId: input.actorUserId ?? null,
        code: 'trip_canceled',
        // With a deadline the e-mail offers the choice (move or refund) until then. The e-mail
        // reads the reason's code and the message; the note stays in the history.
        params: {
          ...tripCanceledParams(input),
          // The owner told is this trip's, even once the customer moved to another owner's boat.
          boatId: row.boatId,
          slotId,
          ...(deadline ? { deadline: deadline.toISOString() } : {}),
        },
        reason: input.note || null,
      });
      await tx.insert(tripCancellationBookings).values({
        slotId,
        bookingId: row.id,
        state: deadline ? 'offered' : 'to_refund',
      });
      // A booking moved here from an earlier canceled trip has that trip's (decided) offer: replaced.
      if (deadline) {
        const offer = { slotId, deadline, decidedAt: null, movedToSlotId: null };
        await tx
          .insert(tripChangeOffers)
          .values({ bookingId: row.id, ...offer })
          .onConflictDoUpdate({ target: tripChangeOffers.bookingId, set: offer });
      }
    }
    // Nobody at the boat decided this one: the owner and the operator are told (operator-notices.ts).
    if (input.cause === 'minimum') await queueCutoffNotice(ctx, tx, slotId);
    return true;
  });
}

/** What the customer's e-mail reads of the cancellation (the reason's code and the message). */
function tripCanceledParams(input: TripCancelInput): Record<string, string> {
  return {
    cause: input.cause,
    ...(input.reasonCode ? { reasonCode: input.reasonCode } : {}),
    ...(input.message ? { message: input.message } : {}),
  };
}

/**
 * A customer's own cancellation this close before the operator's cancellation of the same trip
 * counts as the same instant: both looked at the same forecast, and the customer must not get
 * less than the weather refund for being a moment quicker.
 */
const SAME_INSTANT_MS = 10 * 60_000;

/** Bookings of the trip the customer canceled under the policy since `since`. */
async function canceledByCustomerSince(tx: Db, slotId: string, since: Date): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ id: bookings.id })
    .from(bookings)
    .innerJoin(
      bookingHistory,
      and(
        eq(bookingHistory.bookingId, bookings.id),
        eq(bookingHistory.code, 'customer_canceled'),
        gte(bookingHistory.at, since),
      ),
    )
    .where(
      and(
        eq(bookings.status, 'canceled'),
        or(
          eq(bookings.slotId, slotId),
          sql`exists (select 1 from booking_slots bs where bs.booking_id = ${bookings.id} and bs.slot_id = ${slotId})`,
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/** How many of a canceled trip's customers were e-mailed, moved, refunded, are waiting… */
export function tripCancellationTotals(customers: CanceledCustomerRow[]) {
  const count = (...states: CanceledCustomerState[]) =>
    customers.filter((c) => states.includes(c.state)).length;
  return {
    canceled: customers.length,
    // Each canceled booking with an address gets its e-mail from the cancellation's event.
    emailed: customers.filter((c) => c.booking.customerEmail !== '').length,
    moved: count('moved'),
    refunded: count('refunded'),
    waiting: count('offered', 'to_refund'),
    failed: count('refund_failed'),
    notCharged: count('not_charged'),
  };
}

/**
 * Cancels the trip; refunds everyone who is not offered a choice. A repeat resumes and answers
 * the same totals.
 */
export async function cancelTrip(ctx: AppContext, scope: OwnerScope, slotId: string, input: TripCancelInput) {
  // Another owner's trip is not found: nothing of it is read or changed.
  if (!isUuid(slotId) || !(await findSlotBoatId(ctx.db, scope, slotId))) throw notFound('Trip');
  await cancelBookingsOfTrip(ctx, slotId, input);
  await finishTripRefunds(ctx, slotId);
  const cancellation = await cancellationOfTrip(ctx.db, slotId);
  return tripCancellationTotals(cancellation?.customers ?? []);
}

/**
 * Trip cancellations with refunds left (a crash, a provider outage, an offer whose deadline
 * passed without an answer): the job finishes them.
 */
export async function resumeTripCancellations(ctx: AppContext): Promise<number> {
  await expireTripChangeOffers(ctx);
  const open = await ctx.db
    .selectDistinct({ slotId: tripCancellationBookings.slotId })
    .from(tripCancellationBookings)
    .where(eq(tripCancellationBookings.state, 'to_refund'));
  for (const { slotId } of open) await finishTripRefunds(ctx, slotId);
  return open.length;
}
