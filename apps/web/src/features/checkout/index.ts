import { lazy } from 'react';

export { PaymentReturnMount } from './payment-return-mount';
export { createPaymentIntent, releaseHold } from './checkout-api';
export { PaymentStep } from './payment-step';
export { BookingConfirmation } from './booking-confirmation';
export { confirmAndLoad } from './confirm-and-load';
export { ConfirmError } from './confirm-error';
/** Split out: only a /booking?booking=… visit needs it. */
export const BookingLookup = lazy(() => import('./booking-lookup'));
