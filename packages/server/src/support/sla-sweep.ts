import type { BatchRunner } from '../jobs/job-queue.ts';
import { flagLateTickets } from './ticket-messages.operation.ts';

/**
 * The service-level sweep (SUPPORT_SLA batches, cron `support-sla`): open tickets whose due instant
 * passed are flagged late (`breached`), so that the list's `breached=true` finds them without
 * waiting for their next write.
 */
export const SUPPORT_SLA = 'SUPPORT_SLA';
const CHUNK = 200;

export const slaSweepRunner = (): BatchRunner => ({
  plan: async (_tx, _caller, _parameters, day) => ({
    name: `Support service levels on ${day}`,
    parameters: {},
    total: 0,
  }),
  chunk: async (tx, caller) => {
    const flagged = await flagLateTickets(tx, { ...caller, isAdmin: true }, new Date(), CHUNK);
    return { done: flagged, cursor: null, finished: flagged < CHUNK, message: `${flagged} ticket(s) late` };
  },
});
