import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** Jobs: the scheduled jobs (`/crons`). */
export const jobsModule: WebModule = {
  name: 'jobs',
  toolScreens: { '/crons': lazy(() => import('./CronsScreen.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).jobsFr },
};
