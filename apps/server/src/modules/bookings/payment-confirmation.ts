// Payment success, whoever reports it first (the customer's confirm call, the provider's
// webhook, the hold sweep or the reconciliation job): the intent is recorded in the ledger and,
// under the booking's row lock, a pending booking becomes paid through the lifecycle. A payment
// that finds no booking to pay (released, lapsed and resold, canceled before it was paid) is
// refunded automatically. A booking the operator canceled after it was paid keeps its money
// until the operator decides: no public call can refund it.
import { DEPOSIT_INTENT_KIND } from '@boats/domain/deposits';
import { isRevenueStatus } from '@boats/domain/booking-status';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { DomainError, notFound } from '../../http/errors';
import { ledgerOf, recordPayment } from '../payments/ledger';
import type { ProviderIntent } from '../payments/payment-provider';
import { refundBooking } from './refunds';
import { findBooking, type BookingRow } from './booking-repository';
import { CapacityLostError, PromoNotKeptError, transition } from './lifecycle';
import { lockBookingOfIntentWithTrip } from './lock-order';
import type { Db } from '../../db/client';
import { emitEvent } from '../events/domain-events';
import { voucherPartOf } from '../gift-vouchers/gift-voucher-repository';
import { syncBookingEarnings } from '../earnings/earnings';
import { rescheduleHoldOf, settleRescheduleIntent } from './reschedule-payment';

export type SettleOutcome =
  | { kind: 'paid'; booking: BookingRow }
  // Request-to-book: the card is authorized, the booking waits for its owner.
  | { kind: 'requested'; booking: BookingRow }
  // An authorization that found no booking to hold (released, lapsed): let go, nothing charged.
  | { kind: 'voided'; booking: BookingRow }
  | { kind: 'not_succeeded'; booking: BookingRow; status: string; lastError?: string }
  | { kind: 'amount_mismatch'; booking: BookingRow }
  | { kind: 'canceled_by_operator'; booking: BookingRow }
  // promoRefused: the sale could not keep its promo code (PromoNotKeptError), rather than its seats.
  | { kind: 'refunded'; booking: BookingRow; promoRefused: boolean }
  | { kind: 'refund_pending'; booking: BookingRow; promoRefused: boolean }
  | { kind: 'no_booking' };

/** The booking id an intent's metadata names, when it is one. */
function metadataBookingId(intent: ProviderIntent): string | null {
  const fromMetadata = intent.metadata.bookingId;
  return fromMetadata && isUuid(fromMetadata) ? fromMetadata : null;
}

/**
 * Applies what the provider says about an intent (always retrieved from the provider, never
 * taken from a browser or an event body). With noWait a booking locked by a concurrent
 * confirmation raises 55P03 at once, which the webhook answers with 503 so it is retried.
 * `no_booking` when no booking answers to the intent: the webhook ignores it, confirm says 404.
 */
export async function settleIntent(
  ctx: AppContext,
  intent: ProviderIntent,
  options: { actor: 'customer' | 'provider' | 'system'; noWait?: boolean },
): Promise<SettleOutcome> {
  // A security deposit's authorisation is no payment of its booking: the deposits module's.
  if (intent.metadata.kind === DEPOSIT_INTENT_KIND) return { kind: 'no_booking' };
  const rescheduleHold = rescheduleHoldOf(intent);
  const step = await ctx.db.transaction(async (tx) => {
    // A change of date's difference (reschedule-payment.ts): its own locks and its own move.
    if (rescheduleHold) return settleRescheduleIntent(ctx, tx, intent, rescheduleHold, options.actor);
    const row = await lockBookingOfIntentWithTrip(tx, intent.id, metadataBookingId(intent), {
      noWait: options.noWait ?? false,
    });
    if (!row) return { kind: 'no_booking' as const };
    const payment = await recordPayment(tx, { bookingId: row.id, provider: ctx.payments.name, intent });
    // Money on a trip already completed (an older intent of the booking paid late) changes what
    // its owner earned: the line is written here, with the payment, as a refund's is.
    await syncBookingEarnings(ctx, tx, row);
    if (intent.status !== 'succeeded' && intent.status !== 'requires_capture') {
      return {
        kind: 'not_succeeded' as const,
        booking: row,
        status: intent.status,
        ...(intent.lastError ? { lastError: intent.lastError } : {}),
      };
    }
    // The card pays the price less a gift voucher's part (fixed at checkout); asked of the ledger
    // only when the card paid less than the price.
    const cardPartCents =
      intent.amountCents === row.amountGrossCents
        ? row.amountGrossCents
        : row.amountGrossCents - (await voucherPartOf(tx, row.id));
    if (intent.amountCents !== cardPartCents || intent.currency.toLowerCase() !== 'eur') {
      return { kind: 'amount_mismatch' as const, booking: row };
    }
    if (intent.status === 'requires_capture') return authorized(ctx, tx, row, options.actor);
    if (isRevenueStatus(row.status)) return { kind: 'paid' as const, booking: row };
    if (row.status === 'requested') {
      // Captured: only the owner's accept captures (request-decision.ts), so this is its sale.
      const paid = await transition(ctx, tx, row, 'paid', { actor: options.actor, code: 'request_accepted' });
      return { kind: 'paid' as const, booking: paid };
    }
    let promoRefused = false;
    if (row.status === 'pending') {
      try {
        const paid = await transition(ctx, tx, row, 'paid', {
          actor: options.actor,
          code: 'payment_succeeded',
        });
        return { kind: 'paid' as const, booking: paid };
      } catch (err) {
        if (!(err instanceof CapacityLostError)) throw err;
        // The hold lapsed and somebody else bought the seats or hours, or the sale may not keep
        // its promo code: never oversell, never sell a discount the code's rules refuse.
        promoRefused = err instanceof PromoNotKeptError;
        await transition(ctx, tx, row, 'canceled', { actor: 'system', code: 'late_payment' });
      }
    } else if (row.paidAt) {
      // Canceled by the operator after it was paid: the refund is the operator's decision.
      return { kind: 'canceled_by_operator' as const, booking: row };
    }
    return { kind: 'refund_due' as const, booking: row, paymentId: payment.id, promoRefused };
  });
  if (step.kind === 'void_due') {
    await stopIntent(ctx, intent.id);
    return { kind: 'voided', booking: (await findBooking(ctx.db, step.booking.id)) ?? step.booking };
  }
  if (step.kind !== 'refund_due') return step;

  const status = await refundLatePayment(ctx, step.booking.id, step.paymentId);
  const booking = (await findBooking(ctx.db, step.booking.id)) ?? step.booking;
  // A change of date's difference refunded (reschedule-payment.ts) is never about a promo code.
  const promoRefused = 'promoRefused' in step && step.promoRefused;
  return status === 'succeeded'
    ? { kind: 'refunded', booking, promoRefused }
    : { kind: 'refund_pending', booking, promoRefused };
}

/**
 * The card of a request-to-book was authorized: a pending booking becomes requested (its seats
 * or hours held for the owner, who is told by e-mail). An authorization that finds its booking
 * released, lapsed and resold, or canceled is let go after the transaction (void_due).
 */
async function authorized(ctx: AppContext, tx: Db, row: BookingRow, actor: string) {
  if (row.status === 'requested' || isRevenueStatus(row.status)) {
    return { kind: row.status === 'requested' ? ('requested' as const) : ('paid' as const), booking: row };
  }
  if (row.status !== 'pending') return { kind: 'void_due' as const, booking: row };
  try {
    const requested = await transition(ctx, tx, row, 'requested', { actor, code: 'payment_authorized' });
    await emitEvent(tx, {
      kind: 'booking.request_received',
      bookingId: row.id,
      payload: { decideBy: requested.requestDecideBy?.toISOString() ?? '' },
    });
    return { kind: 'requested' as const, booking: requested };
  } catch (err) {
    if (!(err instanceof CapacityLostError)) throw err;
    // The hold lapsed and somebody else bought the seats or hours: never oversell.
    await transition(ctx, tx, row, 'canceled', { actor: 'system', code: 'late_payment' });
    return { kind: 'void_due' as const, booking: row };
  }
}

/** Refunds whatever of a late payment is still held; answers where the money stands. */
async function refundLatePayment(ctx: AppContext, bookingId: string, paymentId: string) {
  try {
    const { status } = await refundBooking(ctx, bookingId, {
      actor: 'system',
      reason: 'Payment arrived after the booking was released or its hold had lapsed',
      cause: 'late_payment',
      idempotencyKey: `late-payment:${paymentId}`,
    });
    return status;
  } catch (err) {
    // Refunded already by other means (the operator, the provider's dashboard).
    if (!(err instanceof DomainError && err.code === 'nothing_to_refund')) throw err;
    const ledger = await ledgerOf(ctx.db, bookingId);
    return ledger.netCents <= 0 ? 'succeeded' : 'pending';
  }
}

/**
 * After a booking stopped being payable (released, lapsed, canceled): cancels its intent at the
 * provider so the card form refuses, then records what the provider says. If the customer paid
 * in the meantime, that settles (and refunds) the payment now. A provider outage is left to
 * the reconciliation job.
 */
export async function stopIntent(ctx: AppContext, intentId: string): Promise<void> {
  await ctx.payments.cancelIntent?.(intentId).catch(() => {});
  const intent = await ctx.payments.retrieveIntent(intentId).catch(() => undefined);
  if (intent) await settleIntent(ctx, intent, { actor: 'system' });
}

/** The confirm call's answer to an outcome that is not a payment: 402 or 409, booking untouched. */
export function settleError(outcome: Exclude<SettleOutcome, { kind: 'paid' | 'requested' }>): DomainError {
  if (outcome.kind === 'no_booking') return notFound('Booking for this payment');
  const bookingId = outcome.booking.id;
  switch (outcome.kind) {
    case 'not_succeeded':
      return new DomainError(
        402,
        'payment_not_succeeded',
        outcome.lastError ?? `The payment has not succeeded (status: ${outcome.status}).`,
        { status: outcome.status, bookingId },
      );
    case 'amount_mismatch':
      return new DomainError(409, 'amount_mismatch', 'The payment amount does not match the booking.', {
        bookingId,
      });
    case 'canceled_by_operator':
      return new DomainError(
        409,
        'booking_canceled',
        'This booking was canceled by the operator, who will contact you about the payment.',
        { bookingId, status: outcome.booking.status },
      );
    case 'voided':
      return new DomainError(
        409,
        'booking_released',
        'This booking was released before the payment completed. Your card was not charged.',
        { bookingId, status: outcome.booking.status, refund: 'succeeded' },
      );
    case 'refunded':
    case 'refund_pending': {
      const refund = outcome.kind === 'refunded' ? 'succeeded' : 'pending';
      const refundText =
        refund === 'succeeded' ? 'The payment has been refunded in full.' : 'A full refund is on its way.';
      // The sale could not keep its promo code: one neutral answer whichever of the code's rules
      // refused it (its uses, the address's uses, first booking only), naming nothing about the
      // address (issue 53). The web shows it translated.
      if (outcome.promoRefused) {
        return new DomainError(
          409,
          'promo_not_applicable',
          `The promo code cannot be used for this booking, so it was not completed. ${refundText} You can book again without the code.`,
          { bookingId, status: outcome.booking.status, refund },
        );
      }
      return new DomainError(
        409,
        'booking_released',
        `This booking was released before the payment completed. ${refundText}`,
        { bookingId, status: outcome.booking.status, refund },
      );
    }
  }
}
