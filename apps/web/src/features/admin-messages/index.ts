import { lazy } from 'react';

export const AdminMessagesPage = lazy(() => import('./admin-messages-page'));
