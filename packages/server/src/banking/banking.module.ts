import type { ServerModule } from '../modules/server-module.ts';
import { paymentFileSideEffects } from './payment-files/payment-file-side-effects.ts';
import { paymentFileRoutes, paymentFileRunners } from './payment-files/payment-files.routes.ts';
import { returnRoutes } from './returns/returns.routes.ts';
import { CAMT_IMPORT, camtImportRunner, ReadFiles } from './statements/camt-import-job.ts';
import { BANK_MATCHING, matchingRunner } from './statements/matching-job.ts';
import { statementRoutes } from './statements/statements.routes.ts';
import { treasuryWriteHooks } from './treasury/treasury.ts';
import { treasuryRoutes } from './treasury/treasury.routes.ts';

export { generateDemoPaymentFiles } from './payment-files/demo-payment-files.ts';
export { camt053, type GeneratedEntry } from './statements/camt-generator.ts';
export { importCamt } from './statements/camt-import.operation.ts';

export interface BankingSettings {
  /** Camt files of more transactions are imported in the background. */
  camtBackgroundThreshold?: number;
}

/** SEPA payment files, bank statements and their matching, returned debits, treasury. */
export const bankingModule = ({ camtBackgroundThreshold }: BankingSettings = {}): ServerModule => {
  // A large camt file read by its request, handed to its import batch in this process.
  const readFiles = new ReadFiles();
  return {
    name: 'banking',
    async register(app, { db, preHandler, jobs, store }) {
      await app.register(statementRoutes, {
        db,
        store,
        jobs,
        preHandler,
        backgroundThreshold: camtBackgroundThreshold,
        readFiles,
      });
      await app.register(returnRoutes, { db, preHandler, store });
      await app.register(paymentFileRoutes, { db, preHandler, jobs, store });
      await app.register(treasuryRoutes, { db, preHandler });
    },
    menus: [
      { section: 'Banking', order: 40, path: '/move-money', permission: 'write /api/bank/bank-operations' },
      { section: 'Banking', order: 50, path: '/arbitration', permission: 'write /api/bank/bank-operations' },
      { section: 'Banking', order: 60, path: '/bank/set-overdraft', permission: 'write /api/bank/bank-accounts' },
    ],
    jobRunners: ({ db, jobs, store }) => ({
      [BANK_MATCHING]: matchingRunner(db),
      [CAMT_IMPORT]: camtImportRunner(db, jobs, store, readFiles),
      ...paymentFileRunners(store),
    }),
    sideEffects: paymentFileSideEffects,
    writeHooks: treasuryWriteHooks,
    crons: [
      {
        name: 'nightly-bank-matching',
        cron: '30 0 * * *',
        job: 'BANK_MATCHING',
        parameters: {},
        timeZone: 'Europe/Paris',
        enabled: true,
      },
    ],
  };
};
