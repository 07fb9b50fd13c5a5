import { lazy } from 'react';

/** Split out: only a visitor buying a gift voucher needs it. */
export const GiftPage = lazy(() => import('./gift-page'));
/** Split out: only the e-mail's or the confirmation's link opens it. */
export const GiftVoucherPage = lazy(() => import('./gift-voucher-page'));
