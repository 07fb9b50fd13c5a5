import { lazy } from 'react';

export const AdminInvoicingPage = lazy(() => import('./admin-invoicing-page'));
