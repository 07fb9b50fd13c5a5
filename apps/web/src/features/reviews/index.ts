import { lazy } from 'react';

/** Split out: only a customer following the review link needs it. */
export const ReviewPage = lazy(() => import('./review-page'));
/** The back office's reviews (owners and the admin). */
export const AdminReviewsPage = lazy(() => import('./admin-reviews-page'));
