// The customer cancels their own booking under the boat's cancellation policy. The status
// change and the refund row are written in one transaction (the refund is asked of the provider
// right after, or by the reconciliation job if this process dies first), so a cancellation never
// exists without its refund. The seats or hours are freed by the lifecycle's transition.
import { isUpcomingStatus } from '@boats/domain/booking-status';
import { centsToEuros } from '@boats/domain/money';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { ledgerFrom, paymentsOf, refundsOf } from '../payments/ledger';
import { completeRefund, refundSplit, requestRefund } from '../bookings/refunds';
import { boatOfBooking } from '../bookings/booking-repository';
import { transition } from '../bookings/lifecycle';
import { lockBookingWithTrip } from '../bookings/lock-order';
import { bookingForToken, cancellationTerms, resellerOfBooking } from './manage-service';

/** The refund cause of a customer's cancellation under the policy (its e-mail states the refund). */
export const CUSTOMER_POLICY_CAUSE = 'customer_policy';

export async function cancelByCustomer(
  ctx: AppContext,
  bookingId: string,
  token: string,
  expectedRefundCents: number,
): Promise<{ refundCents: number }> {
  await bookingForToken(ctx, bookingId, token);
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await lockBookingWithTrip(tx, bookingId);
    const boat = row && (await boatOfBooking(tx, row.boatId));
    if (!row || !boat) throw notFound('Booking');
    const paymentRows = await paymentsOf(tx, row.id);
    const refundRows = await refundsOf(tx, row.id);
    const ledger = ledgerFrom(paymentRows, refundRows);
    const soldBy = await resellerOfBooking(tx, row.id);
    const terms = cancellationTerms(row, boat, ledger.refundableCents, ctx.now(), soldBy);
    if (soldBy && isUpcomingStatus(row.status)) {
      throw conflict(
        'sold_by_reseller',
        `You booked this trip through ${soldBy}: please ask them to cancel it; they refund what you paid them.`,
        { reseller: soldBy },
      );
    }
    if (row.status === 'canceled' && row.cancelReason === 'trip_canceled') {
      throw conflict(
        'trip_canceled',
        'The operator has canceled this trip: you are refunded in full, or offered another trip by e-mail.',
      );
    }
    if (!terms.cancellable) {
      throw conflict('not_cancellable', 'This booking can no longer be canceled here.', {
        status: row.status,
      });
    }
    // The customer confirmed a figure; never refund less (or more) than what they saw.
    if (terms.refundCents !== expectedRefundCents) {
      throw conflict('refund_changed', 'The refund has changed since it was shown. Please check it again.', {
        refund: centsToEuros(terms.refundCents),
      });
    }
    // The part that goes back on a gift voucher, when one paid: the e-mail says how it is shared.
    const toVoucherCents = refundSplit(paymentRows, refundRows, terms.refundCents).toVoucherCents;
    await transition(ctx, tx, row, 'canceled', {
      actor: 'customer',
      code: 'customer_canceled',
      // What the booking held when canceled: the policy's percentage is of it, so after an
      // earlier refund (a goodwill gesture) it is less than was paid, and the e-mails say so.
      params: {
        refundPercent: terms.refundPercent,
        refund: centsToEuros(terms.refundCents),
        held: centsToEuros(terms.paidCents),
        ...(ledger.receivedCents > terms.paidCents
          ? { refundedBefore: centsToEuros(ledger.receivedCents - terms.paidCents) }
          : {}),
        ...(toVoucherCents > 0 ? { refundToVoucher: centsToEuros(toVoucherCents) } : {}),
      },
    });
    const refund =
      terms.refundCents > 0
        ? await requestRefund(tx, row.id, {
            amountCents: terms.refundCents,
            actor: 'customer',
            reason: `Canceled by the customer: ${terms.refundPercent}% under the cancellation policy`,
            cause: CUSTOMER_POLICY_CAUSE,
            idempotencyKey: `customer-cancel:${row.id}`,
          })
        : null;
    return { refundId: refund?.id ?? null, refundCents: terms.refundCents };
  });
  if (outcome.refundId) await completeRefund(ctx, outcome.refundId);
  return { refundCents: outcome.refundCents };
}
