import { lazy } from 'react';

export const AdminSystemPage = lazy(() => import('./admin-system-page'));
