import { lazy } from 'react';

export const LegalPage = lazy(() => import('./legal-page'));
