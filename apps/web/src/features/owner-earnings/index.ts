import { lazy } from 'react';

export const OwnerEarningsPage = lazy(() => import('./owner-earnings-page'));
export const InvoicePage = lazy(() => import('./invoice-page'));
export const StatementPage = lazy(() => import('./statement-page'));
export const CustomerInvoicePage = lazy(() => import('./customer-invoice-page'));
