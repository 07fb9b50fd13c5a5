import { lazy } from 'react';

export const AdminErasureRequestsPage = lazy(() => import('./admin-erasure-requests-page'));
