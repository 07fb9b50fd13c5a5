// The payment link of a booking taken by staff (docs/payments.md#operator-taken-bookings): the
// booking's id, signed with the server's secret for this purpose only, so a manage-my-booking or
// waitlist token never opens it and nobody can make one for another booking. The token does not
// lapse; the hold does (the page then says the seats were released).
import { PUBLIC_PATHS } from '@boats/domain/public-paths';
import { signId, verifySignedId } from '../auth/signed-id';

function signPaymentLinkToken(bookingId: string, secret: string): string {
  return signId('payment-link:v1:', bookingId, secret);
}

/** True when `token` was issued by this server as the payment link of this booking. */
export function verifyPaymentLinkToken(bookingId: string, token: string, secret: string): boolean {
  return verifySignedId('payment-link:v1:', bookingId, token, secret);
}

/** The address the payment-link e-mail carries: the booking's page on the public site. */
export function paymentLinkUrl(publicUrl: string, bookingId: string, secret: string): string {
  const query = new URLSearchParams({ booking: bookingId, token: signPaymentLinkToken(bookingId, secret) });
  return `${publicUrl}${PUBLIC_PATHS.paymentLink}?${query.toString()}`;
}
