// The customer's key to their own booking: the link in every booking e-mail and the answer of
// the booking lookup carry it, and manage-my-booking calls (cancel, resend, a trip move after
// a weather cancellation) require it. Only the booking id (a random UUID) is signed, so the
// token never expires on its own; it is useless without the server's secret and names exactly
// one booking.
import { PUBLIC_PATHS } from '@boats/domain/public-paths';
import { signId, verifySignedId } from '../auth/signed-id';

export function signManageToken(bookingId: string, secret: string): string {
  return signId('manage-booking:v1:', bookingId, secret);
}

/** True when `token` was issued by this server for this booking. */
export function verifyManageToken(bookingId: string, token: string, secret: string): boolean {
  return verifySignedId('manage-booking:v1:', bookingId, token, secret);
}

/** The manage-my-booking address written into e-mails. */
export function manageBookingUrl(publicUrl: string, bookingId: string, secret: string): string {
  const query = new URLSearchParams({ booking: bookingId, token: signManageToken(bookingId, secret) });
  return `${publicUrl}${PUBLIC_PATHS.manageBooking}?${query.toString()}`;
}
