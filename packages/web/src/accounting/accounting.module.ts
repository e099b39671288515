import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** The books: the postings list (with the reports, periods and posting rules) and a posting event. */
export const accountingModule: WebModule = {
  name: 'accounting',
  detailScreens: { postingEvent: lazy(() => import('./PostingEventScreen.tsx')) },
  listScreens: { postings: lazy(() => import('./PostingListScreen.tsx')) },
  translations: { 'fr-FR': async () => (await import('./accounting-fr-FR.ts')).accountingFr },
};
