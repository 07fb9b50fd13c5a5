import { lazy } from 'react';

export const OwnerEarningsPage = lazy(() => import('./owner-earnings-page'));
