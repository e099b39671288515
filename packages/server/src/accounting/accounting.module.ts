import type { ServerModule } from '../modules/server-module.ts';
import { accountingRoutes } from './accounting.routes.ts';
import { bookingSideEffects, bookingWriteHooks } from './bookings.ts';
import { accountingSideEffects } from './business-events.ts';
import { inventorySideEffects } from './inventories.ts';
import { accrualRunner } from './lessor.ts';
import { validatePostingRules } from './posting-rules.ts';

export { closeThrough } from './periods.ts';
export { playDemoBookings, postDemoMonthEnds } from './demo-bookings.ts';

/** The books: posting events and rules, postings, closed months, reports, the FEC, the month end. */
export const accountingModule: ServerModule = {
  name: 'accounting',
  async register(app, { db, preHandler, jobs, store }) {
    await app.register(accountingRoutes, { db, preHandler, jobs, store });
  },
  jobRunners: () => ({ INTEREST_ACCRUAL: accrualRunner() }),
  sideEffects: {
    ...accountingSideEffects,
    ...bookingSideEffects,
    ...inventorySideEffects,
  },
  writeHooks: bookingWriteHooks,
  tenantSettings: {
    /** Posting rules of the books. */
    postingRules: { validate: validatePostingRules },
  },
  crons: [
    // The month end on the 1st for the month just ended (interest accrual, rental income, depreciation); a re-run posts nothing twice.
    {
      name: 'monthly-accrual',
      cron: '0 2 1 * *',
      job: 'INTEREST_ACCRUAL',
      parameters: {},
      timeZone: 'Europe/Paris',
      enabled: true,
    },
  ],
};
