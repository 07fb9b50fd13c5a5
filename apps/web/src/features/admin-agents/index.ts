import { lazy } from 'react';

export const AdminAgentsPage = lazy(() => import('./admin-agents-page'));
