// The customer's side of a weather cancellation with a choice: see the open offer, move to
// another trip of the boat (same booking, same payment, new tickets, the difference refunded)
// or take the refund. An unanswered offer is refunded after its deadline by the jobs. The offer
// row is locked while it is decided, so a customer's answer and the deadline never both win.
import { languageOf } from '@boats/domain/languages';
import { centsToEuros } from '@boats/domain/money';
import {
  tripCancelReasonCode,
  type TripChangeChoice,
  type TripChangeOffer,
  type TripChangeResult,
} from '@boats/domain/schemas/trip-cancellation';
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { tripCancellations, tripChangeOffers } from '../../db/schema';
import { conflict, type DomainError, notFound } from '../../http/errors';
import { findBooking, lockBookingRow } from '../bookings/booking-repository';
import { lockSlot } from '../bookings/capacity';
import { moveToTrip } from '../bookings/lifecycle';
import { ledgerOf, recordPlatformCover } from '../payments/ledger';
import { completeRefund, requestRefund } from '../bookings/refunds';
import { moveOptions, whyNotMovable } from './trip-change-options';
import { canceledTripOf, finishTripRefunds, setState } from './trip-refunds';

/**
 * How long after its deadline an unanswered offer waits before the job refunds it: a customer's
 * answer sent before the deadline may still be queued behind other customers' moves.
 */
export const DECISION_GRACE_MS = 2 * 60_000;

type OfferRow = typeof tripChangeOffers.$inferSelect;

async function openOfferRow(
  db: Db,
  bookingId: string,
  now: Date,
  lock = false,
): Promise<OfferRow | undefined> {
  if (!isUuid(bookingId)) return undefined;
  const query = db
    .select()
    .from(tripChangeOffers)
    .where(and(eq(tripChangeOffers.bookingId, bookingId), isNull(tripChangeOffers.decidedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row && row.deadline.getTime() > now.getTime() ? row : undefined;
}

/** Of these bookings, the ones whose customer has a choice still to make. */
export async function openOfferBookings(db: Db, bookingIds: string[]): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db
    .select({ id: tripChangeOffers.bookingId })
    .from(tripChangeOffers)
    .where(and(inArray(tripChangeOffers.bookingId, bookingIds), isNull(tripChangeOffers.decidedAt)));
  return new Set(rows.map((r) => r.id));
}

/** The canceled trip of an offer: its reason, and when it was canceled (the choice counts from then). */
async function canceledTrip(ctx: AppContext, db: Db, slotId: string) {
  const [row] = await db
    .select({ reasonCode: tripCancellations.reasonCode, canceledAt: tripCancellations.createdAt })
    .from(tripCancellations)
    .where(eq(tripCancellations.slotId, slotId));
  if (!row) throw new Error('offer without its trip cancellation');
  return {
    reasonCode: tripCancelReasonCode(row.reasonCode),
    trip: canceledTripOf(ctx, slotId, row.canceledAt),
  };
}

/** The open offer of a booking, with the trips it may move to right now; null when none. */
export async function openTripChangeOffer(
  ctx: AppContext,
  bookingId: string,
): Promise<TripChangeOffer | null> {
  const now = ctx.now();
  const offer = await openOfferRow(ctx.db, bookingId, now);
  if (!offer) return null;
  const booking = await findBooking(ctx.db, bookingId);
  if (!booking) return null;
  const { reasonCode, trip } = await canceledTrip(ctx, ctx.db, offer.slotId);
  const held = (await ledgerOf(ctx.db, bookingId)).refundableCents;
  const options = await moveOptions(ctx.db, booking, trip, held, now);
  return {
    reasonCode,
    deadline: offer.deadline.toISOString(),
    paid: centsToEuros(held),
    options: options.map((o) => ({
      slotId: o.id,
      start: o.startsAt.toISOString(),
      end: o.endsAt.toISOString(),
      seatPrice: centsToEuros(o.seatPriceCents),
      price: centsToEuros(o.price.amountCents),
      refundDifference: centsToEuros(o.refundCents),
      // Another owner's boat: its name in the customer's language and its harbour.
      otherBoat: o.otherBoat
        ? {
            title: o.otherBoat.title[languageOf(booking.language)] ?? o.otherBoat.title.en ?? '',
            harbour: o.otherBoat.harbour,
          }
        : null,
      // Never later than the customer's own deadline.
      closesAt: new Date(Math.min(o.closesAt.getTime(), offer.deadline.getTime())).toISOString(),
    })),
  };
}

/**
 * The customer's answer. Lock order (docs/architecture.md#concurrency): the trip moved to, then
 * the booking, then its offer, so seven customers moving to one trip queue on that trip's row
 * instead of deadlocking. `now` is the instant the customer chose: a transaction retried after
 * a deadlock keeps it, and the deadline job leaves a just-expired offer alone for
 * DECISION_GRACE_MS, so a choice made before the deadline counts.
 */
export async function chooseTripChange(
  ctx: AppContext,
  bookingId: string,
  choice: TripChangeChoice,
): Promise<TripChangeResult> {
  const now = ctx.now();
  if (!isUuid(bookingId)) throw notFound('Booking');
  const decided = await ctx.db.transaction(async (tx) => {
    if (choice.choice === 'move' && isUuid(choice.slotId)) await lockSlot(tx, choice.slotId);
    const booking = await lockBookingRow(tx, bookingId);
    if (!booking) throw notFound('Booking');
    const offer = await openOfferRow(tx, bookingId, now, true);
    if (!offer)
      throw conflict(
        'offer_closed',
        'This choice is no longer open: the booking has been refunded or moved.',
      );
    const start = booking.startsAt.toISOString();
    if (choice.choice === 'refund') {
      await tx
        .update(tripChangeOffers)
        .set({ decidedAt: now })
        .where(eq(tripChangeOffers.bookingId, bookingId));
      await setState(tx, offer.slotId, bookingId, 'to_refund', now);
      return { offer, moved: null, start };
    }
    const held = (await ledgerOf(tx, bookingId)).refundableCents;
    const { trip } = await canceledTrip(ctx, tx, offer.slotId);
    const target = (await moveOptions(tx, booking, trip, held, now)).find((o) => o.id === choice.slotId);
    if (!target) throw moveRefused(await whyNotMovable(tx, booking, choice.slotId, trip, held, now), held);
    // Another owner's boat: the booking is theirs at their rate, the customer pays nothing more
    // (the platform covers a dearer trip's difference as its own payment on the booking) and the
    // invoices follow (docs/payments.md#another-owners-boat).
    const other = target.otherBoat;
    const moved = await moveToTrip(
      ctx,
      tx,
      booking,
      {
        id: target.id,
        startsAt: target.startsAt,
        endsAt: target.endsAt,
        price: target.price,
        // A charter's hours on the other boat, claimed in the move.
        ...(target.chain.length > 0 && { chain: target.chain }),
        ...(other && {
          otherBoat: {
            boatId: other.boatId,
            commissionBps: other.commissionBps,
            paidCents: held,
            coverCents: other.coverCents,
          },
        }),
      },
      {
        actor: 'customer',
        code: 'trip_moved',
        params: { from: start, to: target.startsAt.toISOString() },
      },
    );
    if (other && other.coverCents > 0) {
      await recordPlatformCover(tx, {
        bookingId,
        amountCents: other.coverCents,
        reason: `trip-move:${bookingId}:${offer.slotId}`,
        at: now,
      });
    }
    await tx
      .update(tripChangeOffers)
      .set({ decidedAt: now, movedToSlotId: target.id })
      .where(eq(tripChangeOffers.bookingId, bookingId));
    await setState(tx, offer.slotId, bookingId, 'moved', now);
    // The new trip costs less: the difference goes back to the card the trip was paid with. The
    // refund row commits with the move, so a crash before the provider answers leaves a pending
    // refund the reconciliation job completes, never a move without its refund.
    const refund =
      target.refundCents > 0
        ? await requestRefund(tx, bookingId, {
            amountCents: target.refundCents,
            actor: 'customer',
            reason: 'Moved to a cheaper trip after a weather cancellation',
            cause: 'trip_change',
            idempotencyKey: `trip-move:${bookingId}:${offer.slotId}`,
          })
        : null;
    return { offer, moved: { refund, start: moved.startsAt.toISOString() }, start };
  });

  if (!decided.moved) {
    const before = (await ledgerOf(ctx.db, bookingId)).refundedCents;
    await finishTripRefunds(ctx, decided.offer.slotId);
    const after = await ledgerOf(ctx.db, bookingId);
    return { result: 'refunded', refunded: centsToEuros(after.refundedCents - before), start: decided.start };
  }
  const { refund, start } = decided.moved;
  if (refund) await completeRefund(ctx, refund.id);
  return { result: 'moved', refunded: centsToEuros(refund?.amountCents ?? 0), start };
}

/** The 409 a refused move answers, naming why. */
function moveRefused(why: Awaited<ReturnType<typeof whyNotMovable>>, heldCents: number): DomainError {
  if (why.reason === 'dearer' && why.priceCents !== undefined) {
    return conflict(
      'move_dearer',
      `This trip costs €${euros(why.priceCents)} for your party, more than the €${euros(heldCents)} paid for the canceled trip. Please pick another trip or take the refund.`,
      { price: centsToEuros(why.priceCents), paid: centsToEuros(heldCents) },
    );
  }
  const messages: Record<Exclude<typeof why.reason, 'dearer'>, string> = {
    no_room: 'This trip no longer has room for your party; please pick another one.',
    closed: 'This trip is no longer on sale; please pick another one.',
    too_soon: 'This trip has already left; please pick another one.',
    choice_closed: 'This trip leaves soon and can no longer be chosen; please pick another one.',
    too_far: 'This trip is too far ahead to move to; please pick another one.',
    other_boat:
      'You can only move to the trips offered: this boat’s own, or other owners’ boats from the same harbour.',
    not_shared: 'You can only move to a shared trip.',
    same_owner:
      'You can only move to the trips offered: this boat’s own, or other owners’ boats from the same harbour.',
    other_harbour: 'This boat leaves from another harbour; please pick one of the trips offered.',
    other_day: 'This trip is on another day than the ones offered; please pick one of the trips offered.',
    other_kind: 'This trip is not of the same kind; please pick one of the trips offered.',
    not_comparable: 'This trip is not comparable to yours; please pick one of the trips offered.',
    too_dear:
      'This trip costs too much more than yours to be offered; please pick another one or take the refund.',
    not_offered: 'This trip cannot be chosen; please pick one of the trips offered.',
    unknown: 'This trip does not exist; please pick one of the trips offered.',
  };
  return conflict('trip_unavailable', messages[why.reason as Exclude<typeof why.reason, 'dearer'>], {
    reason: why.reason,
  });
}

const euros = (cents: number) => centsToEuros(cents).toFixed(2);

/**
 * Offers whose deadline passed unanswered (DECISION_GRACE_MS ago) become refunds (several
 * instances: SKIP LOCKED).
 */
export async function expireTripChangeOffers(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const expired = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(tripChangeOffers)
      .where(
        and(
          isNull(tripChangeOffers.decidedAt),
          lte(tripChangeOffers.deadline, new Date(now.getTime() - DECISION_GRACE_MS)),
        ),
      )
      .for('update', { skipLocked: true });
    for (const row of rows) {
      await tx
        .update(tripChangeOffers)
        .set({ decidedAt: now })
        .where(eq(tripChangeOffers.bookingId, row.bookingId));
      await setState(tx, row.slotId, row.bookingId, 'to_refund', now);
    }
    return rows;
  });
  for (const slotId of new Set(expired.map((r) => r.slotId))) await finishTripRefunds(ctx, slotId);
  return expired.length;
}
