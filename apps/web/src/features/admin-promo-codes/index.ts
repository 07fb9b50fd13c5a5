import { lazy } from 'react';

export const AdminPromoCodesPage = lazy(() => import('./admin-promo-codes-page'));
