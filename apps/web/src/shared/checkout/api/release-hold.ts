// POST /checkout/booking/{id}/release. A file of its own, not in checkout-api.ts: the booking page
// calls it at its start (a hold left behind by the way back from the payment step), and with the
// rest of the checkout's calls it would bring their schemas, and zod, into that start.
import { apiFetch } from '../../api/http';
import { checkoutBookingUrl, type CheckoutRef } from './checkout-booking-url';

/** Gives up an unpaid hold at once, so its seats or hours are free for the next choice. */
export async function releaseHold({ bookingId, checkoutKey }: CheckoutRef): Promise<void> {
  await apiFetch(checkoutBookingUrl(bookingId, checkoutKey, '/release'), { method: 'POST' });
}
