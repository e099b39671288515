import type { Entity } from '@lbo/model/entity';
import { entityByName } from '@lbo/model/entity-registry';
import { ApiError } from '@lbo/model/errors';
import { parseWorkflow, type WorkflowContext } from '@lbo/model/workflow/validate-workflow';
import type { WorkflowDefinition } from '@lbo/model/workflow/workflow';
import { defaultWorkflow, statusesOf } from '@lbo/model/workflow/workflows';
import type { Tx } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import { readConfiguration, writeConfiguration } from '../db/configuration.ts';
import type { WorkflowCaller } from './permissions.ts';

/**
 * A tenant replaces the default workflow of a kind by a tenant configuration document named
 * `workflow.{Entity}` (table `tenant_configuration`, docs/decisions.md): only admins or holders of
 * the strict `write /api/core/tenant-configuration` may change it, since a workflow says who may
 * approve. It is read in the request's transaction, never cached in the process, and checked every
 * time it is used: a bad definition stored behind the API's back answers 400
 * INVALID_FIELD_IN_CONFIG, not a 500. A stored `null` means the default applies.
 */
const list = entityByName('List')!;

export const configName = (entity: Entity) => `workflow.${entity.name}`;

export interface EffectiveWorkflow {
  workflow: WorkflowDefinition;
  source: 'default' | 'tenant';
}

/** What a definition of `entity` is checked against: the tenant's status list if it overrides it. */
async function contextFor(tx: Tx, tenant: string, entity: Entity): Promise<WorkflowContext & { overridden: boolean }> {
  const statusList = entity.status as string;
  const builtIn = statusesOf(statusList) ?? [];
  const stored = (await storage.findOne(tx, list, tenant, statusList))?.data.values;
  const own = Array.isArray(stored)
    ? stored
        .map((item) => (item as { value?: unknown } | null)?.value)
        .filter((v): v is string => typeof v === 'string')
    : undefined;
  // New records always start in the built-in first status (the generic create sets it).
  return {
    entity: entity.name,
    statusList,
    allowed: own ?? builtIn,
    initial: builtIn[0],
    overridden: own !== undefined,
  };
}

function defaultOf(entity: Entity): WorkflowDefinition {
  const workflow = defaultWorkflow(entity);
  if (!workflow) throw new ApiError('UNSUPPORTED_ENTITY', [`${entity.name} (no status, no workflow)`]);
  return workflow;
}

/** Whether `tenant` replaced the default workflow of `entity`. */
export async function isReplaced(tx: Tx, tenant: string, entity: Entity): Promise<boolean> {
  const stored = await readConfiguration<unknown>(tx, tenant, configName(entity));
  return stored !== undefined && stored !== null;
}

/** The workflow `tenant` uses for `entity`. */
export async function loadWorkflow(tx: Tx, tenant: string, entity: Entity): Promise<EffectiveWorkflow> {
  const base = defaultOf(entity);
  const context = await contextFor(tx, tenant, entity);
  const stored = await readConfiguration<unknown>(tx, tenant, configName(entity));
  if (stored !== undefined && stored !== null) return { workflow: parseWorkflow(stored, context), source: 'tenant' };
  // A tenant status list without some default status makes the default unusable: say which.
  if (context.overridden) parseWorkflow(base, context);
  return { workflow: base, source: 'default' };
}

/** Checks and stores the tenant's definition; answers the completed one. */
export async function saveWorkflow(
  tx: Tx,
  caller: WorkflowCaller,
  entity: Entity,
  input: unknown,
): Promise<EffectiveWorkflow> {
  defaultOf(entity);
  const workflow = parseWorkflow(input, await contextFor(tx, caller.tenant, entity));
  await writeConfiguration(tx, caller.tenant, configName(entity), workflow, caller.username);
  return { workflow, source: 'tenant' };
}

/** Drops the tenant's definition: the default applies again. */
export async function resetWorkflow(tx: Tx, caller: WorkflowCaller, entity: Entity): Promise<EffectiveWorkflow> {
  const base = defaultOf(entity);
  if (await isReplaced(tx, caller.tenant, entity))
    await writeConfiguration(tx, caller.tenant, configName(entity), null, caller.username);
  return { workflow: base, source: 'default' };
}
