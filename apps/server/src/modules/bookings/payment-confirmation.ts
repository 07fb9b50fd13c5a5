// Payment success, whoever reports it first (the customer's confirm call or the provider's
// webhook): pending → paid with the money split, tickets, history and the confirmation e-mail,
// all in one transaction under the booking's row lock, so a repeat or a race changes nothing.
// A payment that arrives after the hold lapsed and the capacity was resold is refunded.
import { randomUUID } from 'node:crypto';
import { platformSplit } from '@boats/domain/pricing';
import type { AppContext } from '../../context';
import { DomainError, notFound } from '../../http/errors';
import { confirmationEmail } from '../mail/confirmation-email';
import { enqueueEmail } from '../mail/outbox';
import type { ProviderIntent } from '../payments/payment-provider';
import { recordBookingTransition } from './booking-history';
import {
  boatOfBooking,
  findBooking,
  findBookingByPaymentId,
  lockBookingRow,
  ticketsOfBooking,
  updateBookingRow,
  type BookingRow,
} from './booking-repository';
import { releaseBookingCapacity, sellHeldCapacity } from './capacity';
import { issueTickets } from './issue-tickets';

const SOLD = new Set(['paid', 'confirmed', 'completed']);
const REFUND_CLAIM = 'pending:';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SettleOutcome =
  | { kind: 'paid'; booking: BookingRow }
  | { kind: 'not_succeeded'; booking: BookingRow; status: string; lastError?: string }
  | { kind: 'amount_mismatch'; booking: BookingRow }
  | { kind: 'refunded'; booking: BookingRow }
  | { kind: 'refund_pending'; booking: BookingRow };

/** The booking a provider intent pays for: by its stored id, else by the intent's metadata. */
export async function bookingOfIntent(
  ctx: AppContext,
  intent: ProviderIntent,
): Promise<BookingRow | undefined> {
  const byId = await findBookingByPaymentId(ctx.db, intent.id);
  if (byId) return byId;
  const fromMetadata = intent.metadata.bookingId;
  return fromMetadata && UUID_RE.test(fromMetadata) ? findBooking(ctx.db, fromMetadata) : undefined;
}

/**
 * Applies what the provider says about an intent (always retrieved from the provider, never
 * taken from a browser or an event body). With noWait a booking locked by a concurrent
 * confirmation raises 55P03 at once, which the webhook answers with 503 so it is retried.
 */
export async function settleIntent(
  ctx: AppContext,
  intent: ProviderIntent,
  options: { actor: 'customer' | 'provider'; noWait?: boolean },
): Promise<SettleOutcome> {
  const found = await bookingOfIntent(ctx, intent);
  if (!found) throw notFound('Booking for this payment');
  if (intent.status !== 'succeeded') {
    return {
      kind: 'not_succeeded',
      booking: found,
      status: intent.status,
      ...(intent.lastError ? { lastError: intent.lastError } : {}),
    };
  }
  if (intent.amountCents !== found.amountGrossCents || intent.currency.toLowerCase() !== 'eur') {
    return { kind: 'amount_mismatch', booking: found };
  }

  const claim = `${REFUND_CLAIM}${randomUUID()}`;
  const step = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const row = await lockBookingRow(tx, found.id, { noWait: options.noWait ?? false });
    if (!row) throw notFound('Booking');
    if (SOLD.has(row.status)) return { kind: 'paid' as const, booking: row };
    const received = intent.amountReceivedCents || intent.amountCents;

    if (row.status === 'pending') {
      const sale = await sellHeldCapacity(tx, row, now);
      if (sale.ok) {
        const split = platformSplit(row.amountGrossCents, ctx.config.PLATFORM_FEE_PERCENT);
        const paid = await updateBookingRow(tx, row.id, {
          status: 'paid',
          amountReceivedCents: received,
          platformFeeCents: split.feeCents,
          ownerAmountCents: split.ownerCents,
          paidAt: now,
          holdExpiresAt: null,
          provider: ctx.payments.name,
          providerPaymentId: intent.id,
        });
        const boat = await boatOfBooking(tx, row.boatId);
        if (!boat) throw new Error('booking without boat');
        await issueTickets(tx, row, sale.seatNos);
        await recordBookingTransition(tx, {
          bookingId: row.id,
          from: 'pending',
          to: 'paid',
          actor: options.actor,
          reason: 'Card payment succeeded',
          at: now,
        });
        if (paid.customerEmail) {
          const tickets = await ticketsOfBooking(tx, row.id);
          await enqueueEmail(
            tx,
            confirmationEmail({ booking: paid, boat, tickets, publicUrl: ctx.config.publicUrl, now }),
          );
        }
        return { kind: 'paid' as const, booking: paid };
      }
      // The hold lapsed and somebody else bought the seats or hours: never oversell.
      await releaseBookingCapacity(tx, row);
      await updateBookingRow(tx, row.id, {
        status: 'canceled',
        cancelReason: 'expired',
        holdExpiresAt: null,
        amountReceivedCents: received,
      });
      await recordBookingTransition(tx, {
        bookingId: row.id,
        from: 'pending',
        to: 'canceled',
        actor: 'system',
        reason: 'Payment arrived after the hold expired and the capacity was sold to someone else',
        at: now,
      });
    } else if (row.status === 'canceled' && row.amountReceivedCents === 0) {
      // Canceled (hold expired, or by the operator) before the money arrived.
      await updateBookingRow(tx, row.id, { amountReceivedCents: received });
    }

    const current = await lockBookingRow(tx, row.id);
    if (!current) throw notFound('Booking');
    if (current.status === 'refunded' || current.amountRefundedCents >= current.amountReceivedCents) {
      return { kind: 'refunded' as const, booking: current };
    }
    if (current.providerRefundId?.startsWith(REFUND_CLAIM)) {
      return { kind: 'refund_pending' as const, booking: current };
    }
    await updateBookingRow(tx, row.id, { providerRefundId: claim });
    return {
      kind: 'refund_due' as const,
      booking: current,
      cents: current.amountReceivedCents - current.amountRefundedCents,
    };
  });

  if (step.kind !== 'refund_due') return step;
  return refundLatePayment(ctx, intent.id, step.booking, step.cents, claim);
}

/** Refunds outside any transaction (the sandbox provider writes to the same database). */
async function refundLatePayment(
  ctx: AppContext,
  intentId: string,
  booking: BookingRow,
  cents: number,
  claim: string,
): Promise<SettleOutcome> {
  let refundId: string;
  try {
    ({ id: refundId } = await ctx.payments.refund({
      paymentIntentId: intentId,
      amountCents: cents,
      idempotencyKey: `late-payment-${booking.id}-${booking.amountRefundedCents}`,
    }));
  } catch {
    // Leave the claim off again so the next confirm, webhook retry or an admin can refund.
    await updateBookingRow(ctx.db, booking.id, { providerRefundId: booking.providerRefundId });
    return { kind: 'refund_pending', booking };
  }
  const done = await ctx.db.transaction(async (tx) => {
    const row = await lockBookingRow(tx, booking.id);
    if (!row || row.providerRefundId !== claim) return row ?? booking;
    const updated = await updateBookingRow(tx, row.id, {
      status: row.status === 'canceled' ? 'refunded' : row.status,
      amountRefundedCents: row.amountRefundedCents + cents,
      providerRefundId: refundId,
    });
    if (row.status === 'canceled') {
      await recordBookingTransition(tx, {
        bookingId: row.id,
        from: 'canceled',
        to: 'refunded',
        actor: 'system',
        reason: 'Automatic refund of a payment that arrived after the booking was released',
        at: ctx.now(),
      });
    }
    return updated;
  });
  return { kind: 'refunded', booking: done };
}

/** The confirm call's answer to an outcome that is not a payment: 402 or 409, booking untouched. */
export function settleError(outcome: Exclude<SettleOutcome, { kind: 'paid' }>): DomainError {
  switch (outcome.kind) {
    case 'not_succeeded':
      return new DomainError(
        402,
        'payment_not_succeeded',
        outcome.lastError ?? `The payment has not succeeded (status: ${outcome.status}).`,
        { status: outcome.status, bookingId: outcome.booking.id },
      );
    case 'amount_mismatch':
      return new DomainError(409, 'amount_mismatch', 'The payment amount does not match the booking.', {
        bookingId: outcome.booking.id,
      });
    case 'refunded':
    case 'refund_pending':
      return new DomainError(
        409,
        'booking_released',
        outcome.kind === 'refunded'
          ? 'Your hold expired and the seats or hours were taken before the payment completed. The payment has been refunded in full.'
          : 'Your hold expired and the seats or hours were taken before the payment completed. A full refund is being arranged.',
        { bookingId: outcome.booking.id, status: outcome.booking.status },
      );
  }
}
