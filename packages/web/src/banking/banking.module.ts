import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

const treasury = () => import('./TreasuryScreens.tsx');

/** Banking: payment files, collection cases, bank statements and their transactions, the treasury tools. */
export const bankingModule: WebModule = {
  name: 'banking',
  detailScreens: {
    paymentFile: lazy(() => import('./PaymentFileScreen.tsx')),
    collectionCase: lazy(() => import('./CollectionCaseScreen.tsx')),
    camt: lazy(() => import('./CamtScreen.tsx')),
    bankTransaction: lazy(() => import('./BankTransactionScreen.tsx')),
  },
  listScreens: {
    paymentFiles: lazy(() => import('./PaymentFileListScreen.tsx')),
    camts: lazy(() => import('./CamtListScreen.tsx')),
    bankTransactions: lazy(() => import('./BankTransactionListScreen.tsx')),
  },
  toolScreens: {
    '/move-money': lazy(() => treasury().then((m) => ({ default: m.TreasuryMoveMoneyScreen }))),
    '/arbitration': lazy(() => treasury().then((m) => ({ default: m.TreasuryArbitrationScreen }))),
    '/bank/set-overdraft': lazy(() => treasury().then((m) => ({ default: m.TreasurySetOverdraftScreen }))),
  },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).bankingFr },
};
