import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** Credit scoring: a score's screen showing why (its explanation, its decision, the person's other scores). */
export const scoringModule: WebModule = {
  name: 'scoring',
  detailScreens: { score: lazy(() => import('./ScoreScreen.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).scoringFr },
};
