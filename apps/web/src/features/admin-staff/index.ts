import { lazy } from 'react';

export const AdminStaffPage = lazy(() => import('./admin-staff-page'));
