/**
 * Indexation as a background job (batch type INDEXATION), so that a cron revalues rents on their
 * anniversaries by itself: one chunk runs indexDueContracts for the batch's day; a contract that
 * cannot be revalued is named in the log and the others are done.
 */
import type { Doc } from '../entities/storage.ts';
import type { BatchRunner } from '../jobs/job-queue.ts';
import { indexDueContracts } from './indexation.ts';

export const indexationRunner = (): BatchRunner => ({
  plan: async (_tx, _caller, _parameters, day) => ({
    name: `Indexation on ${day}`,
    parameters: { date: day },
    total: 0,
  }),
  chunk: async (tx, caller, batch) => {
    const { date } = (batch.data.parameters ?? {}) as Doc;
    const result = await indexDueContracts(tx, caller, String(date));
    const failed = result.failed.map((f) => `${f.contractRegistration}: ${f.error}`).join('; ');
    return {
      done: result.indexed.length,
      cursor: null,
      finished: true,
      message: `${result.indexed.length} contract(s) indexed${failed ? `; not indexed: ${failed}` : ''}`,
    };
  },
});
