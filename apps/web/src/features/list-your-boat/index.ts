import { lazy } from 'react';

export const ListYourBoatPage = lazy(() => import('./list-your-boat-page'));
