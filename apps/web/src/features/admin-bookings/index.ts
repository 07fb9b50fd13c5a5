import { lazy } from 'react';

export const AdminBookingsPage = lazy(() => import('./admin-bookings-page'));
