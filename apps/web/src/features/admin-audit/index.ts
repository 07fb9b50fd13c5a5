import { lazy } from 'react';

export const AdminAuditPage = lazy(() => import('./admin-audit-page'));
