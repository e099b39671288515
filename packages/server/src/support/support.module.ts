import type { ServerModule } from '../modules/server-module.ts';
import { playDemoSupport } from './demo-support.ts';
import { SLA_SECTION, defaultSlaTargets, validateSlaSettings } from './sla.ts';
import { SUPPORT_SLA, slaSweepRunner } from './sla-sweep.ts';
import { supportRoutes } from './support.routes.ts';
import { ticketSideEffects, ticketWriteHooks } from './ticket-hooks.ts';

/**
 * The support desk (docs/support-desk.md): tickets with their thread of replies and internal
 * notes, service levels per priority (the tenant's `supportSla`) and their breaches, the queue of
 * each team, and the knowledge base of questions the tickets link to.
 */
export const supportModule: ServerModule = {
  name: 'support',
  async register(app, { db, preHandler }) {
    await app.register(supportRoutes, { db, preHandler });
  },
  writeHooks: ticketWriteHooks,
  sideEffects: ticketSideEffects,
  jobRunners: () => ({ [SUPPORT_SLA]: slaSweepRunner() }),
  crons: [
    {
      name: 'support-sla',
      cron: '*/5 * * * *',
      job: SUPPORT_SLA,
      parameters: {},
      timeZone: 'Europe/Paris',
      enabled: true,
    },
  ],
  tenantSettings: {
    /** Hours to the first answer and to the resolution, per priority (sla.ts). */
    [SLA_SECTION]: { validate: validateSlaSettings, default: { targets: defaultSlaTargets } },
  },
  menus: [
    {
      section: 'Support',
      order: 5,
      path: '/support-queue',
      label: 'Support queue',
      permission: 'read /api/support/tickets',
    },
  ],
  demo: [{ name: 'support tickets and questions', run: playDemoSupport }],
};
