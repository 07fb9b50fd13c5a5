import { lazy } from 'react';

export { createPaymentIntent } from './checkout-api';
export { releaseHold } from './api/release-hold';
export type { CheckoutRef } from './api/checkout-booking-url';
export { loadRememberedContact } from './load-remembered-contact';
export { bookingQueryOptions } from './api/get-booking';
export { holdErrorText, promoRefusalText, voucherRefusalText } from './checkout-errors';
export { isRefusedReturn } from './payment-return-status';
export { CardPaymentForm } from './card-payment-form';
export { TicketQr } from './ticket-qr';
export { VoucherLines } from './voucher-lines';
export { BookingConfirmation } from './booking-confirmation';
export { confirmAndLoad } from './confirm-and-load';
export { forgetPaidSelection, paidBookingOf } from './payment-markers';
export { ConfirmError } from './confirm-error';
export { PayHeldBooking } from './pay-held-booking';
/** Split out: only a /booking?booking=… visit needs it. */
export const BookingLookup = lazy(() => import('./booking-lookup'));
/** Split out: only the way back from a card's bank page needs it. */
export const PaymentReturn = lazy(() => import('./payment-return'));
