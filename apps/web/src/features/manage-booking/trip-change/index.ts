import { lazy } from 'react';

// Rendered by the manage-my-booking page when the booking has an open trip-change offer.
export const TripChangePanel = lazy(() =>
  import('./trip-change-panel').then((m) => ({ default: m.TripChangePanel })),
);
