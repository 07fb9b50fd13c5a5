import { lazy } from 'react';

export const AgentDeskPage = lazy(() => import('./agent-desk-page'));
