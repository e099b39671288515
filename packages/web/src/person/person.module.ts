import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** Persons and prospects: their editor and their lists with quick add. */
export const personModule: WebModule = {
  name: 'person',
  detailScreens: { person: lazy(() => import('./PersonScreen.tsx')) },
  listScreens: { person: lazy(() => import('./PersonListScreen.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).personFr },
};
