import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** Billing: invoices (list with the billing run, detail with its PDF), cashflows and their allocations, batches. */
export const billingModule: WebModule = {
  name: 'billing',
  detailScreens: {
    cashflow: lazy(() => import('./CashflowScreen.tsx')),
    invoice: lazy(() => import('./InvoiceScreen.tsx')),
    batch: lazy(() => import('./BatchScreen.tsx')),
  },
  listScreens: {
    invoices: lazy(() => import('./InvoiceListScreen.tsx')),
    batches: lazy(() => import('./BatchListScreen.tsx')),
  },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).billingFr },
};
