import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** Reports: the exports screen, and the progress of a list's export gone to the background. */
export const reportModule: WebModule = {
  name: 'report',
  listScreens: { exports: lazy(() => import('./ExportsScreen.tsx')) },
  slots: {
    backgroundExport: lazy(() => import('./ExportProgress.tsx').then((m) => ({ default: m.BackgroundExportDialog }))),
  },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).reportFr },
};
