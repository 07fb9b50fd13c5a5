import { lazy } from 'react';

export const AdminOwnerApplicationsPage = lazy(() => import('./admin-owner-applications-page'));
