import { lazy } from 'react';

export const AdminResellersPage = lazy(() => import('./admin-resellers-page'));
