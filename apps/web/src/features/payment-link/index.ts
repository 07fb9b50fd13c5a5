import { lazy } from 'react';

/** Split out: only a customer following a staff member's payment-link e-mail needs it. */
export const PaymentLinkPage = lazy(() => import('./payment-link-page'));
