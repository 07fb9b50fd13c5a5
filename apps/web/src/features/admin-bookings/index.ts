import { lazy } from 'react';

export const AdminBookingsPage = lazy(() => import('./admin-bookings-page'));

export const ChannelReportPage = lazy(() => import('./channel-report-page'));
