import { lazy } from 'react';

/** Split out: only a visitor following the offer e-mail's link needs it. */
export const WaitlistOfferPage = lazy(() => import('./waitlist-offer-page'));
