import { lazy } from 'react';

/** The booking page's form for a full shared trip. */
export { WaitlistForm } from './waitlist-form';
/** Split out: only a visitor following the offer e-mail's link needs it. */
export const WaitlistOfferPage = lazy(() => import('./waitlist-offer-page'));
