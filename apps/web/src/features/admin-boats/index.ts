import { lazy } from 'react';

export const AdminBoatsPage = lazy(() => import('./admin-boats-page'));
export const AdminBoatEditorPage = lazy(() => import('./admin-boat-editor-page'));
