import type { ServerModule } from '../modules/server-module.ts';
import { calculatorRoutes } from './calculator.routes.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { contractLifecycleRoutes } from './contract-lifecycle.routes.ts';
import { financingSideEffects } from './financing-side-effects.ts';
import { indexationRunner } from './indexation-job.ts';
import { financedRecordHooks } from './quotation-pricing.ts';
import { residualValueRoutes } from './residual-value.routes.ts';

export { countDueElements, lockDueElements, nextDueContracts, type DueSelection } from './due-elements.ts';
export { recordLineStatus, recordLinesStatus } from './schedule-lines.ts';

/** Deals, quotations priced by the finance engine (their residual values from the vehicle catalogue's curves), contracts and their lifecycle, credit lines, indexation. */
export const financingModule: ServerModule = {
  name: 'financing',
  async register(app, { db, operations, preHandler }) {
    await app.register(async (scope) => {
      scope.addHook('preHandler', preHandler);
      await scope.register(calculatorRoutes, { operations });
    });
    await app.register(contractLifecycleRoutes, { db, preHandler });
    await app.register(catalogueRoutes, { db, operations, preHandler });
    await app.register(residualValueRoutes, { db, preHandler });
  },
  menus: [
    {
      section: 'Financing',
      order: 120,
      path: '/rates',
      label: 'Rates and payment plan',
      permission: 'read /api/financing/calculator',
    },
  ],
  jobRunners: () => ({ INDEXATION: indexationRunner() }),
  sideEffects: financingSideEffects,
  writeHooks: financedRecordHooks,
  crons: [
    {
      name: 'nightly-indexation',
      cron: '15 0 * * *',
      job: 'INDEXATION',
      parameters: {},
      timeZone: 'Europe/Paris',
      enabled: true,
    },
  ],
};
