// The payment link of a booking taken by staff (docs/payments.md#operator-taken-bookings). The
// booking is a pending hold made by bookForCustomer (sales/counter-sale.ts); its e-mail
// carries a signed link (payment-link-token.ts) to the booking's page on the public site, which
// pays it by card exactly as a checkout's payment step pays its hold: the hold's intent, then the
// confirm call or the webhook (payment-confirmation.ts) makes it paid with tickets and e-mails.
// The hold lapses like any other (jobs/hold-expiry.ts): the seats are released and the page says so.
import { bookingReference } from '@boats/domain/booking-reference';
import { isRevenueStatus } from '@boats/domain/booking-status';
import type {
  PaymentLinkRequest,
  PaymentLinkResent,
  PaymentLinkView,
} from '@boats/domain/schemas/payment-link';
import type { AppContext } from '../../context';
import { conflict, DomainError, notFound } from '../../http/errors';
import type { TokenUser } from '../auth/access-token';
import { emitEvent } from '../events/domain-events';
import { scopeOf } from '../owner-scope/owner-scope';
import {
  boatOfBooking,
  findBooking,
  findBookingInScope,
  lockBookingRow,
  openingHistoryCode,
} from '../bookings/booking-repository';
import { intentOfHold } from '../bookings/hold-intent';
import { holdIsLive } from '../occupancy/live-hold';
import { noteInHistory } from '../bookings/lifecycle';
import { verifyPaymentLinkToken } from './payment-link-token';
import { checkoutKey } from '../checkout/checkout-key';

/**
 * The link opened: the booking as its customer sees it and, while the hold lasts, its card
 * payment (one per hold). 403 for a token that is not this booking's payment link.
 */
export async function openPaymentLink(ctx: AppContext, input: PaymentLinkRequest): Promise<PaymentLinkView> {
  if (!verifyPaymentLinkToken(input.booking, input.token, ctx.config.jwtSecret)) {
    throw new DomainError(403, 'invalid_payment_link', 'This link does not open this booking.');
  }
  const booking = await findBooking(ctx.db, input.booking);
  if (!booking) throw notFound('Booking');
  const boat = await boatOfBooking(ctx.db, booking.boatId);
  if (!boat) throw notFound('Boat');
  const open = holdIsLive(booking, ctx.now());
  const state = booking.paidAt || isRevenueStatus(booking.status) ? 'paid' : open ? 'open' : 'lapsed';
  const intent = state === 'open' ? await intentOfHold(ctx, booking, boat.title.en) : null;
  const key = checkoutKey(booking.id, ctx.config.jwtSecret);
  return {
    state,
    bookingId: booking.id,
    ref: bookingReference(booking.id),
    boatId: boat.id,
    boatTitle: boat.title,
    mode: booking.type === 'private' ? 'private' : 'shared',
    start: booking.startsAt.toISOString(),
    end: booking.endsAt.toISOString(),
    passengers: { adults: booking.adults, children50: booking.children50, kidsFree: booking.kidsFree },
    amount: booking.amountGrossCents,
    holdExpiresAt: booking.holdExpiresAt?.toISOString() ?? null,
    customer: { name: booking.customerName, email: booking.customerEmail, phone: booking.customerPhone },
    intent:
      intent && booking.holdExpiresAt
        ? {
            clientSecret: intent.clientSecret,
            bookingId: booking.id,
            checkoutKey: key,
            holdExpiresAt: booking.holdExpiresAt.toISOString(),
            amount: booking.amountGrossCents,
            voucherAmount: 0,
          }
        : null,
    checkoutKey: key,
  };
}

/**
 * Staff e-mail the link again (the customer lost it, or gave a wrong address that was fixed):
 * the same link and the same hold, never a longer one. 404 outside the staff member's scope; 409
 * once the booking is paid or its hold lapsed, or for a booking that was not sent a link.
 */
export async function resendPaymentLink(
  ctx: AppContext,
  bookingId: string,
  staff: TokenUser,
): Promise<PaymentLinkResent> {
  const found = await findBookingInScope(ctx.db, scopeOf(staff), bookingId);
  if (!found) throw notFound('Booking');
  if ((await openingHistoryCode(ctx.db, found.id)) !== 'payment_link_sent') {
    throw conflict('not_a_payment_link', 'This booking was not sent a payment link.');
  }
  return ctx.db.transaction(async (tx) => {
    const row = await lockBookingRow(tx, found.id);
    const now = ctx.now();
    if (!row || !holdIsLive(row, now)) {
      throw conflict('link_not_open', 'This payment link is paid or its hold has ended.');
    }
    const until = row.holdExpiresAt.toISOString();
    await noteInHistory(ctx, tx, row, {
      actor: staff.email,
      actorUserId: staff.id,
      code: 'payment_link_resent',
      params: { until },
    });
    await emitEvent(tx, { kind: 'booking.payment_link_sent', bookingId: row.id, payload: { resent: true } });
    return { holdExpiresAt: until, email: row.customerEmail };
  });
}
