import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** Imports: the list, and the wizard (upload, column mapping, dry run, the import's progress, its error report). */
export const importsModule: WebModule = {
  name: 'imports',
  listScreens: { imports: lazy(() => import('./ImportListScreen.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).importsFr },
};
