// The customer's key to one booking: the link in every booking e-mail and the answer of the
// booking lookup carry it, and manage-my-booking calls (cancel, resend, invoices, a trip move
// after a weather cancellation) require it (docs/security.md#customers-data).
//
// A token is `<expiry>.<nonce>.<signature>`: it lapses MANAGE_LINK_MARGIN_DAYS after the trip
// ends (a later e-mail or lookup issues a new one), differs at every issue (the nonce), and signs
// the booking's e-mail address as it was when issued, so it stops working when the address
// changes, and for good once erasure blanks it. It proves one booking, never an address: what
// is held under an address opens only through a link sent to it (modules/data-rights).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PUBLIC_PATHS } from '@boats/domain/public-paths';

const PURPOSE = 'manage-booking:v2:';
/** Long enough for the review, a late refund and the invoices after the trip. */
export const MANAGE_LINK_MARGIN_DAYS = 60;
/** A lookup of a long-past booking still opens it for a week. */
const MINIMUM_LIFETIME_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a token is signed over: the booking and the address its e-mails go to. */
export type ManagedBooking = { id: string; customerEmail: string; endsAt: Date };

export type ManageTokenCheck = 'valid' | 'invalid' | 'expired';

function signature(booking: ManagedBooking, expires: number, nonce: string, secret: string): string {
  const address = booking.customerEmail.trim().toLowerCase();
  return createHmac('sha256', secret)
    .update(`${PURPOSE}${booking.id}:${expires}:${nonce}:${address}`)
    .digest('base64url');
}

export function signManageToken(booking: ManagedBooking, secret: string, now: Date): string {
  const lapses = Math.max(
    booking.endsAt.getTime() + MANAGE_LINK_MARGIN_DAYS * DAY_MS,
    now.getTime() + MINIMUM_LIFETIME_DAYS * DAY_MS,
  );
  const expires = Math.floor(lapses / 1000);
  const nonce = randomBytes(9).toString('base64url');
  return `${expires}.${nonce}.${signature(booking, expires, nonce, secret)}`;
}

export function checkManageToken(
  booking: ManagedBooking,
  token: string,
  secret: string,
  now: Date,
): ManageTokenCheck {
  const [expiresText = '', nonce = '', given = ''] = token.split('.');
  if (!/^\d{1,12}$/.test(expiresText) || !/^[\w-]{12}$/.test(nonce)) return 'invalid';
  const expires = Number(expiresText);
  const expected = Buffer.from(signature(booking, expires, nonce, secret));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return 'invalid';
  return now.getTime() < expires * 1000 ? 'valid' : 'expired';
}

/** The manage-my-booking address written into e-mails. */
export function manageBookingUrl(
  publicUrl: string,
  booking: ManagedBooking,
  secret: string,
  now: Date,
): string {
  const query = new URLSearchParams({ booking: booking.id, token: signManageToken(booking, secret, now) });
  return `${publicUrl}${PUBLIC_PATHS.manageBooking}?${query.toString()}`;
}
