import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';
import { registerAppWorker } from './app-worker.ts';
import { offlineInterceptor } from './interceptor.ts';
import { offlineSettings } from './offline-state.ts';

/**
 * The installable app and its offline mode (docs/offline.md): the service worker registered at
 * start, the data client's interceptor (kept reads, the queue), and the header's state with the
 * replay's messages and the conflicts dialog.
 */
export const offlineModule: WebModule = {
  name: 'offline',
  callInterceptor: offlineInterceptor,
  start() {
    registerAppWorker();
    // The data cache comes with the signed-in shell's chunk: told to run offline when it loads.
    if (offlineSettings()) void import('./query-online.ts').then((m) => m.runQueriesOffline());
  },
  slots: { appStatus: lazy(() => import('./OfflineStatus.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).offlineFr },
};
