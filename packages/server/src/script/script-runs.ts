import { entityByName } from '@lbo/model/entity-registry';
import { ApiError } from '@lbo/model/errors';
import { isObject } from '@lbo/model/values/validate';
import { readInTenant, scopeOf, type Tx } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { runInSandbox, type SandboxLimits, type SandboxOutcome } from './sandbox.ts';
import { scriptHost, type HostServices, type ScriptCaller } from './script-host.ts';
import { writeScriptLogs } from './script-logs.ts';

export const scriptEntity = entityByName('Script')!;

export interface ScriptServices extends HostServices {
  limits: SandboxLimits;
}

/** One run: for whom, under which request, with what query and body. */
export interface RunRequest {
  caller: ScriptCaller;
  requestId: string;
  query?: unknown;
  body?: unknown;
}

/** What `execute(context)` receives (docs/scripts.md). */
export const contextOf = ({ caller, query, body }: RunRequest) => ({
  query: isObject(query) ? query : {},
  body: body ?? null,
  user: {
    username: caller.username,
    tenant: caller.tenant,
    locale: caller.locale ?? null,
    profiles: caller.profiles ?? [],
    isAdmin: caller.isAdmin === true || caller.isMainAdmin === true || caller.isSuperAdmin === true,
  },
});

/** The script named `id` (name or `_id`) in the caller's tenant, or undefined. */
export async function findScript(tx: Tx, tenant: string, id: string): Promise<Doc | undefined> {
  const row = await storage.findOne(tx, scriptEntity, tenant, id);
  return row ? storage.toDocument(row) : undefined;
}

/** The script a run asks for: 404 in catalogue form when the tenant has none or switched it off. */
export async function runnableScript(services: HostServices, caller: ScriptCaller, id: string): Promise<Doc> {
  const script = await readInTenant(services.db, scopeOf(caller), (tx) => findScript(tx, caller.tenant, id));
  if (!script || script.enabled === false) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [scriptEntity.name, id]);
  return script;
}

const shown = (value: unknown) => (JSON.stringify(value) ?? String(value)).slice(0, 80);

/**
 * Runs `code` as the script `name` for the request, writes its console lines to ScriptLog, and
 * answers the outcome (its `error` set when the script failed; nothing is thrown for that). A
 * layout must answer an object.
 */
export async function runCode(
  services: ScriptServices,
  run: RunRequest,
  script: { name: string; code: string; scriptType?: unknown },
): Promise<SandboxOutcome> {
  const outcome = await runInSandbox({
    name: script.name,
    code: script.code,
    context: contextOf(run),
    host: scriptHost(run.caller, services),
    limits: services.limits,
  });
  if (!outcome.error && script.scriptType === 'LAYOUT' && !isObject(outcome.result))
    outcome.error = new ApiError('INVALID_LAYOUT_OBJECT', [shown(outcome.result)]);
  await writeScriptLogs(services.db, run.caller, { requestId: run.requestId, scriptName: script.name }, outcome.logs);
  return outcome;
}

/** `GET|POST /api/script/runs/{id}`: the stored script's answer, or its failure as a catalogue error. */
export async function runStoredScript(services: ScriptServices, run: RunRequest, id: string): Promise<unknown> {
  const script = await runnableScript(services, run.caller, id);
  const outcome = await runCode(services, run, {
    name: String(script.name ?? script.registration),
    code: typeof script.code === 'string' ? script.code : '',
    scriptType: script.scriptType,
  });
  if (outcome.error) throw outcome.error;
  return outcome.result;
}
