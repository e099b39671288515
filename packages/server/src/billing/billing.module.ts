import type { ServerModule } from '../modules/server-module.ts';
import { arrearsRunner, billingRoutes, billingRunner } from './billing.routes.ts';
import { billingSideEffects } from './billing-side-effects.ts';
import { cashflowSideEffects } from './cashflows/allocations.ts';
import { cashflowWriteHooks } from './cashflows/cashflow-hooks.ts';
import { cashflowRoutes } from './cashflows/cashflows.routes.ts';
import { invoiceWriteHooks } from './credit-notes.ts';
import { validateDebitReturns, validateDunning } from './dunning/dunning-settings.ts';
import { dunningRoutes, dunningRunner } from './dunning/dunning.routes.ts';
import { invoiceKpiRoutes } from './invoice-kpis.routes.ts';
import { validateInvoiceLayout } from './invoice-pdf/invoice-layout.ts';
import { invoicePdfSideEffects } from './invoice-pdf/invoice-pdf.operation.ts';
import { invoicePdfRoutes } from './invoice-pdf/invoice-pdf.routes.ts';

export interface BillingSettings {
  /** Billing runs past this many elements go to the background. */
  billingBackgroundThreshold?: number;
}

const nightly = (name: string, cron: string, job: string) => ({
  name,
  cron,
  job,
  parameters: {},
  timeZone: 'Europe/Paris',
  enabled: true,
});

/** Invoices: the billing run, numbering and PDFs, credit notes, payments and their allocation, dunning. */
export const billingModule = ({ billingBackgroundThreshold }: BillingSettings = {}): ServerModule => ({
  name: 'billing',
  async register(app, { db, preHandler, jobs, store }) {
    await app.register(billingRoutes, { db, preHandler, jobs, backgroundThreshold: billingBackgroundThreshold });
    await app.register(invoicePdfRoutes, { db, preHandler });
    await app.register(cashflowRoutes, { db, preHandler });
    await app.register(dunningRoutes, { db, preHandler, jobs, store });
    await app.register(invoiceKpiRoutes, { db, preHandler });
  },
  jobRunners: ({ store }) => ({ BILLING: billingRunner(), ARREARS: arrearsRunner(), DUNNING: dunningRunner(store) }),
  sideEffects: {
    ...billingSideEffects,
    ...cashflowSideEffects,
    // The PDF prints the invoice's legal number.
    storeInvoicePdf: { run: invoicePdfSideEffects.storeInvoicePdf, after: ['assignInvoiceNumber'] },
  },
  writeHooks: { ...invoiceWriteHooks, ...cashflowWriteHooks },
  tenantSettings: {
    /** The layout of invoice PDFs. */
    invoiceLayout: { validate: validateInvoiceLayout },
    /** Dunning levels, late-payment interest and recovery indemnity. */
    dunning: { validate: validateDunning },
    /** Returned debits' fee. */
    debitReturns: { validate: validateDebitReturns },
  },
  crons: [nightly('nightly-arrears', '5 0 * * *', 'ARREARS'), nightly('nightly-dunning', '0 1 * * *', 'DUNNING')],
});

export { allocateCashflow, reverseAllocation } from './cashflows/allocate.operation.ts';
export { allocateReceipts, type Receipt } from './cashflows/allocate-many.ts';
export { recordCollectionAction } from './dunning/collection-case.ts';
export { debitReturnSettingsOf } from './dunning/dunning-settings.ts';
export { chargeFee } from './dunning/fee-invoice.ts';
export { dunDemoBook } from './dunning/demo-dunning.ts';
export { paymentTermsOf, personName } from './payment-terms.ts';
export { amountInWords } from './invoice-pdf/amount-in-words.ts';
export { billDemoMonth, monthEnds } from './demo-billing.ts';
