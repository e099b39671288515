import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** Financing: financed records (contracts, quotations…), product tables, amendments, agreements, the rates calculator. */
export const financingModule: WebModule = {
  name: 'financing',
  detailScreens: {
    financedRecord: lazy(() => import('./FinancedRecordScreen.tsx')),
    productTable: lazy(() => import('./ProductTableScreen.tsx')),
    amendment: lazy(() => import('./AmendmentScreen.tsx')),
  },
  listScreens: { agreements: lazy(() => import('./AgreementListScreen.tsx')) },
  toolScreens: { '/rates': lazy(() => import('./CalculatorScreen.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).financingFr },
};
