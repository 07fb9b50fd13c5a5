import { lazy } from 'react';

/** Split out: only a visitor following the offer e-mail's link needs it. */
export const WaitlistOfferPage = lazy(() => import('./waitlist-offer-page'));

/** Split out: only a visitor following the waitlist's confirmation link needs it. */
export const WaitlistConfirmPage = lazy(() => import('./waitlist-confirm-page'));
