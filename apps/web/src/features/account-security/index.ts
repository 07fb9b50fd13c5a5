import { lazy } from 'react';

export const AccountSecurityPage = lazy(() => import('./account-security-page'));
