// The checkout key (docs/security.md#customers-data): the booking's id signed for this purpose
// alone, answered to the browser that started the checkout (and to the holder of a payment link
// or waitlist offer, who pays a hold the server made for them). Booking ids are seen by owners,
// crew, agents, resellers and logs, so the id alone opens nothing: the customer's details, the
// tickets and the hold's calls (/checkout/booking/{id}…) need this key or the manage token.
import { DomainError } from '../../http/errors';
import { signId, verifySignedId } from '../auth/signed-id';

export function checkoutKey(bookingId: string, secret: string): string {
  return signId('checkout:v1:', bookingId, secret);
}

/** 403 `invalid_checkout_key` unless `key` is this booking's checkout key. */
export function assertCheckoutKey(bookingId: string, key: string, secret: string): void {
  if (!verifySignedId('checkout:v1:', bookingId, key, secret)) {
    throw new DomainError(403, 'invalid_checkout_key', 'This key does not open this booking.');
  }
}
