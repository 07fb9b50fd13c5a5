// The checkout calls of docs/product.md §7, one function each, typed by the domain schemas the server
// uses. Errors carry the HTTP status so the screens can show the docs/product.md §8 texts.
import type { LanguageCode } from '@boats/domain/languages';
import type { PublicBooking } from '@boats/domain/schemas/booking';
import type { OnlineBookingContact } from '@boats/domain/schemas/contact';
import type {
  PaymentIntentRequestInput,
  PaymentIntentResponse,
  SandboxConfirmResponse,
} from '@boats/domain/schemas/payment-intent';
import { apiFetch } from '../api/http';
import { checkoutBookingUrl } from './api/checkout-booking-url';

// Each call imports its answer's schema (and zod) with the call, as the gift page's calls do:
// imported with the booking flow, the schemas of every call were built in one task as the flow
// loaded, 100–200 ms of a phone's processor before the calendar took a tap.
const bookingSchemas = () => import('@boats/domain/schemas/booking');
const intentSchemas = () => import('@boats/domain/schemas/payment-intent');

export type SandboxCard = { number: string; expMonth: number; expYear: number; cvc: string };

export async function createPaymentIntent(body: PaymentIntentRequestInput): Promise<PaymentIntentResponse> {
  const { paymentIntentResponseSchema: schema } = await intentSchemas();
  return apiFetch('/api/boat/payment-intent', { method: 'POST', body, schema });
}

/**
 * Contact details go on the pending booking before the card is charged. The answer is the
 * booking with its hold, which saving the details lengthens (HOLD_MINUTES from the start).
 */
export async function saveCustomer(
  bookingId: string,
  checkoutKey: string,
  customer: OnlineBookingContact,
  lang: LanguageCode,
): Promise<PublicBooking> {
  const { publicBookingResponseSchema: schema } = await bookingSchemas();
  const { booking } = await apiFetch(checkoutBookingUrl(bookingId, checkoutKey, '/customer'), {
    method: 'POST',
    body: { customer, lang },
    schema,
  });
  return booking;
}

export async function sandboxConfirm(
  clientSecret: string,
  card: SandboxCard,
  returnUrl: string,
): Promise<SandboxConfirmResponse> {
  const { sandboxConfirmResponseSchema: schema } = await intentSchemas();
  return apiFetch('/api/payments/sandbox/confirm', {
    method: 'POST',
    body: { clientSecret, card, returnUrl },
    schema,
  });
}

/** The paid booking of a succeeded payment, as GET /checkout/booking/{id} shows it (docs/product.md §7: booking.booking). */
export async function confirmPayment(paymentIntentId: string): Promise<PublicBooking> {
  const { checkoutConfirmResponseSchema: schema } = await intentSchemas();
  const answer = await apiFetch(`/checkout/confirm?payment_intent=${encodeURIComponent(paymentIntentId)}`, {
    schema,
    // Same key for the same intent: a repeated call is recognised by the server as a repeat.
    headers: { 'idempotency-key': `confirm-${paymentIntentId}` },
  });
  return answer.booking.booking;
}

/** The booking with its checkout key: without one the server answers 400 (docs/security.md#customers-data). */
export async function loadBooking(id: string, checkoutKey: string): Promise<PublicBooking> {
  const { publicBookingResponseSchema: schema } = await bookingSchemas();
  const { booking } = await apiFetch(checkoutBookingUrl(id, checkoutKey), { schema });
  return booking;
}

/**
 * A hold whose card part is 0 (a gift voucher pays it all) is confirmed by the voucher: the
 * answer is the paid booking in the confirm call's shape (docs/payments.md#gift-vouchers).
 */
export async function payWithVoucher(bookingId: string, checkoutKey: string): Promise<PublicBooking> {
  const { checkoutConfirmResponseSchema: schema } = await intentSchemas();
  const answer = await apiFetch(checkoutBookingUrl(bookingId, checkoutKey, '/pay-with-voucher'), {
    method: 'POST',
    schema,
    headers: { 'idempotency-key': `pay-with-voucher-${bookingId}` },
  });
  return answer.booking.booking;
}
