import { lazy } from 'react';

export const TripsPage = lazy(() => import('./trips-page'));
export const ManifestPage = lazy(() => import('./manifest-page'));
export const CheckinPage = lazy(() => import('./checkin-page'));
