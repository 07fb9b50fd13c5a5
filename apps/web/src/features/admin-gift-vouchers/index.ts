import { lazy } from 'react';

export const AdminGiftVouchersPage = lazy(() => import('./admin-gift-vouchers-page'));
