import { lazy } from 'react';

export const MyDataPage = lazy(() => import('./my-data-page'));
