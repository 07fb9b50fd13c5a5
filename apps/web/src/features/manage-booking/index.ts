import { lazy } from 'react';

/** Split out: only a visitor managing a booking needs it. */
export const ManageBookingPage = lazy(() => import('./manage-booking-page'));
