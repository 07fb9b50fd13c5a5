import { lazy } from 'react';

export const AdminOwnersPage = lazy(() => import('./admin-owners-page'));
