// Both pages are split out of the landing route and fetched the first time they show.
import { lazy } from 'react';

export const BookingPage = lazy(() => import('./booking-page'));
export const BookingDialog = lazy(() =>
  import('./booking-dialog').then((m) => ({ default: m.BookingDialog })),
);
export { useBookingDialogAddress } from './dialog-address';
