import { lazy } from 'react';

export const LegalPage = lazy(() => import('./legal-page'));
export { LegalLinks } from './legal-links';
export { legalPath } from './legal-documents';
