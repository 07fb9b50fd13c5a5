// The card payment of a hold opened from a link (a waitlist offer, a staff member's payment
// link): the one the hold has, or a new one for exactly its amount. One per hold (the
// idempotency key), however often the link is opened.
import type { AppContext } from '../../context';
import { DomainError } from '../../http/errors';
import { attachPaymentIntent, type BookingRow } from './booking-repository';

export async function intentOfHold(ctx: AppContext, booking: BookingRow, boatTitle: string) {
  if (booking.providerPaymentId) return ctx.payments.retrieveIntent(booking.providerPaymentId);
  let intent;
  try {
    intent = await ctx.payments.createIntent({
      amountCents: booking.amountGrossCents,
      currency: 'eur',
      metadata: { bookingId: booking.id },
      idempotencyKey: `checkout-${booking.id}`,
      description: `${boatTitle}, ${booking.startsAt.toISOString()}`,
    });
  } catch {
    // The hold stays: the customer may open the link again while it lasts.
    throw new DomainError(
      502,
      'provider_unavailable',
      'The card payment could not be prepared. Please try again.',
    );
  }
  await attachPaymentIntent(ctx.db, { bookingId: booking.id, provider: ctx.payments.name, intent });
  return intent;
}
