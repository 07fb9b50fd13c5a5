// The customer's key to their own booking: the link in every booking e-mail and the answer of
// the booking lookup carry it, and manage-my-booking calls (cancel, resend, a trip move after
// a weather cancellation) require it. Only the booking id (a random UUID) is signed, so the
// token never expires on its own; it is useless without the server's secret and names exactly
// one booking.
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'manage-booking:v1:';

export function signManageToken(bookingId: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(PURPOSE + bookingId)
    .digest('base64url');
}

/** True when `token` was issued by this server for this booking. */
export function verifyManageToken(bookingId: string, token: string, secret: string): boolean {
  const expected = Buffer.from(signManageToken(bookingId, secret));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The manage-my-booking address written into e-mails. */
export function manageBookingUrl(publicUrl: string, bookingId: string, secret: string): string {
  const query = new URLSearchParams({ booking: bookingId, token: signManageToken(bookingId, secret) });
  return `${publicUrl}/booking/manage?${query.toString()}`;
}
