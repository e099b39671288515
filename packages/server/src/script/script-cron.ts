import { ApiError } from '@lbo/model/errors';
import type { Doc } from '../entities/storage.ts';
import type { BatchRunner } from '../jobs/job-queue.ts';
import { systemCaller } from './script-host.ts';
import { runStoredScript, type ScriptServices } from './script-runs.ts';

/** The batch type of a cron that runs a script (reference list `batchType`). */
export const SCRIPT_BATCH = 'SCRIPT';

const scriptNameOf = (parameters: Doc): string => {
  const name = parameters.scriptName;
  if (typeof name !== 'string' || !name) throw new ApiError('MISSING_FIELD_IN_CONFIG', ['parameters.scriptName']);
  return name;
};

/**
 * Runs a tenant's script from a cron entry `{ job: 'SCRIPT', parameters: { scriptName, query?, body? } }`,
 * as the tenant's system user (an administrator of that tenant), whoever saved the cron list.
 * Its console lines go to ScriptLog with the batch's registration as their request id; its
 * answer is the batch's result.
 */
export const scriptCronRunner = (services: ScriptServices): BatchRunner => ({
  plan: async (_tx, _caller, parameters, day) => ({
    name: `Script ${scriptNameOf(parameters)} on ${day}`,
    parameters: { ...parameters, scriptName: scriptNameOf(parameters) },
    total: 1,
  }),
  async run({ caller, batch, progress }) {
    const parameters = ((batch.data as Doc).parameters ?? {}) as Doc;
    const name = scriptNameOf(parameters);
    const answer = await runStoredScript(
      services,
      {
        caller: systemCaller(caller.tenant),
        requestId: String(batch.registration),
        query: parameters.query ?? {},
        body: parameters.body ?? null,
      },
      name,
    );
    await progress({ done: 1, total: 1 });
    return { status: 'SUCCESS', message: `Script ${name} ran`, result: { answer: answer as Doc } };
  },
});
