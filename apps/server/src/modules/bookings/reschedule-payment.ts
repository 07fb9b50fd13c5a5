// A change of date to a dearer trip, paid by card (docs/payments.md#the-customer-changes-the-date).
// manage-booking/reschedule.ts holds the new trip's seats or hours for the booking with a pending
// booking of their own (the hold: `reschedules_booking_id` names the booking, its price and extras
// are the booking's on the new trip) and asks the provider for an intent of the difference, its
// metadata naming both. Whoever reports the payment first (the customer's confirm call, the
// webhook, the hold sweep, the reconciliation job) settles it here, once, under the locks of both
// bookings' trips and then both bookings (lock-order.ts):
// - paid, the hold still pending and the booking still holding what it held when the hold was
//   made: the hold gives its seats or hours back (`reschedule_paid`), the payment is the booking's
//   in the ledger, and the booking moves through the lifecycle's one move (`rescheduled`: new
//   tickets, the e-mail in the customer's language);
// - paid too late (the hold released or lapsed and its seats resold, the booking canceled or
//   changed meanwhile): the payment stays on the hold and is refunded like a checkout's late
//   payment; the booking is left as it was;
// - not paid: the attempt is recorded on the hold, nothing else changes.
import { centsToEuros } from '@boats/domain/money';
import { isUpcomingStatus } from '@boats/domain/booking-status';
import { isUuid } from '@boats/domain/schemas/common';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';
import { assignPaymentToBooking, ledgerOf, recordPayment } from '../payments/ledger';
import { invoiceSurcharge } from '../invoices/customer-invoices';
import type { ProviderIntent } from '../payments/payment-provider';
import { findBooking, privateSlotsFrom, updateBookingRow, type BookingRow } from './booking-repository';
import { CapacityLostError, moveToTrip, transition } from './lifecycle';
import { lockBookingsWithTrips } from './lock-order';

/** The hold a change-of-date intent pays for, when the intent is one (its metadata says so). */
export function rescheduleHoldOf(intent: Pick<ProviderIntent, 'metadata'>): string | null {
  const { bookingId, rescheduleOf } = intent.metadata;
  return rescheduleOf && bookingId && isUuid(bookingId) && isUuid(rescheduleOf) ? bookingId : null;
}

/** The metadata of a change-of-date intent: the hold it pays for and the booking it moves. */
export function rescheduleIntentMetadata(hold: { id: string }, bookingId: string): Record<string, string> {
  return { bookingId: hold.id, rescheduleOf: bookingId };
}

export type RescheduleStep =
  | { kind: 'paid'; booking: BookingRow }
  | { kind: 'not_succeeded'; booking: BookingRow; status: string; lastError?: string }
  | { kind: 'refund_due'; booking: BookingRow; paymentId: string }
  | { kind: 'no_booking' };

const hoursOf = (row: Pick<BookingRow, 'startsAt' | 'endsAt'>) =>
  (row.endsAt.getTime() - row.startsAt.getTime()) / 3_600_000;

const changeFeeCents = (row: BookingRow) =>
  row.extras
    .filter((line) => line.id.startsWith('change-fee'))
    .reduce((sum, line) => sum + line.totalCents, 0);

/**
 * Settles a change-of-date intent in the caller's transaction (payment-confirmation.ts
 * settleIntent, which refunds a `refund_due` after the commit). Idempotent: a hold already
 * settled answers the booking as it stands.
 */
export async function settleRescheduleIntent(
  ctx: AppContext,
  tx: Db,
  intent: ProviderIntent,
  holdId: string,
  actor: string,
): Promise<RescheduleStep> {
  const found = await findBooking(tx, holdId);
  if (!found?.reschedulesBookingId) return { kind: 'no_booking' };
  const rows = await lockBookingsWithTrips(tx, [found.id, found.reschedulesBookingId]);
  const hold = rows.get(found.id);
  const booking = rows.get(found.reschedulesBookingId);
  if (!hold || !booking) return { kind: 'no_booking' };
  if (hold.cancelReason === 'reschedule_paid') return { kind: 'paid', booking };
  const provider = ctx.payments.name;
  if (intent.status !== 'succeeded') {
    await recordPayment(tx, { bookingId: hold.id, provider, intent });
    return {
      kind: 'not_succeeded',
      booking: hold,
      status: intent.status,
      ...(intent.lastError ? { lastError: intent.lastError } : {}),
    };
  }
  // The hold's price is the booking's on the new trip; the card pays what the booking lacks. A
  // booking refunded, moved or canceled since the hold was made no longer lacks exactly that.
  const differenceCents = hold.amountGrossCents - (await ledgerOf(tx, booking.id)).refundableCents;
  const movable =
    hold.status === 'pending' &&
    isUpcomingStatus(booking.status) &&
    (booking.type === 'private' || booking.slotId !== hold.slotId) &&
    intent.currency.toLowerCase() === 'eur' &&
    intent.amountCents === differenceCents;
  if (movable) {
    try {
      // A savepoint: a move refused for capacity leaves the hold and the ledger as they were.
      const moved = await tx.transaction(async (sp) => {
        // A charter's new hours: the boat's hours the hold spans (it claims only those the
        // booking did not have already).
        const chain =
          hold.type === 'private'
            ? (await privateSlotsFrom(sp, hold.boatId, hold.startsAt, hoursOf(hold))).filter(
                (slot) => slot.endsAt <= hold.endsAt,
              )
            : [];
        await transition(ctx, sp, hold, 'canceled', {
          actor,
          code: 'reschedule_paid',
          params: { booking: booking.id },
        });
        await recordPayment(sp, { bookingId: hold.id, provider, intent });
        await assignPaymentToBooking(sp, intent.id, booking.id);
        // The intent is the booking's money now: no sweep or reconciliation of the hold asks for it.
        await updateBookingRow(sp, hold.id, { providerPaymentId: null });
        if (!hold.slotId || !hold.priceBreakdown) throw new Error('a change hold without its trip');
        // The booking is dearer by what the card paid: its invoices follow, and the move's
        // e-mail carries the rectifying invoice.
        const surcharge = await invoiceSurcharge(ctx, sp, booking.id, differenceCents, hold.startsAt);
        return moveToTrip(
          ctx,
          sp,
          booking,
          {
            id: hold.slotId,
            startsAt: hold.startsAt,
            endsAt: hold.endsAt,
            price: { amountCents: hold.amountGrossCents, breakdown: hold.priceBreakdown },
            grossCents: hold.amountGrossCents,
            discountCents: hold.discountCents,
            extras: hold.extras,
            chain: chain.map((c) => c.id),
          },
          {
            actor: 'customer',
            code: 'rescheduled',
            params: {
              from: booking.startsAt.toISOString(),
              to: hold.startsAt.toISOString(),
              fee: centsToEuros(changeFeeCents(hold) - changeFeeCents(booking)),
              difference: centsToEuros(differenceCents),
            },
            invoiceIds: surcharge ? [surcharge.id] : [],
          },
        );
      });
      return { kind: 'paid', booking: moved };
    } catch (err) {
      if (!(err instanceof CapacityLostError)) throw err;
    }
  }
  // Too late for this change: the money goes back as a checkout's late payment does.
  const payment = await recordPayment(tx, { bookingId: hold.id, provider, intent });
  if (hold.status === 'pending') {
    await transition(ctx, tx, hold, 'canceled', { actor: 'system', code: 'late_payment' });
  }
  return { kind: 'refund_due', booking: hold, paymentId: payment.id };
}

/**
 * Gives up the live change holds of a booking (the customer went back, chose again, or the
 * booking moved another way), in the caller's transaction, which holds the booking's lock.
 * Answers their intents, to be stopped after the commit (payment-confirmation.ts stopIntent).
 */
export async function releaseChangeHolds(
  ctx: AppContext,
  tx: Db,
  bookingId: string,
): Promise<{ released: number; intents: string[] }> {
  const holds = await tx
    .select()
    .from(bookings)
    .where(eq(bookings.reschedulesBookingId, bookingId))
    .for('update');
  const intents: string[] = [];
  let released = 0;
  for (const hold of holds) {
    if (hold.status !== 'pending') continue;
    await transition(ctx, tx, hold, 'canceled', { actor: 'customer', code: 'released' });
    released += 1;
    if (hold.providerPaymentId) intents.push(hold.providerPaymentId);
  }
  return { released, intents };
}
