import type { Entity } from '../entity.ts';
import { entities } from '../entity-registry.ts';
import { entityStatuses } from '../lists/statuses.ts';
import { assetAndPersonWorkflows } from './defaults/assets-and-persons.ts';
import { financingWorkflows } from './defaults/financing.ts';
import { moneyWorkflows } from './defaults/money.ts';
import { platformWorkflows } from './defaults/platform.ts';
import { supportWorkflows } from './defaults/support.ts';
import { genericWorkflow } from './generic-workflow.ts';
import type { WorkflowDefinition } from './workflow.ts';

/**
 * The default workflow of every kind with a status: its own lifecycle where one is described
 * (defaults/), otherwise the generic lifecycle read from its status list (catalogue items,
 * configuration records). A tenant may replace any of them in configuration.
 */
const described = new Map<string, WorkflowDefinition>();
for (const workflow of [...financingWorkflows, ...moneyWorkflows, ...assetAndPersonWorkflows, ...supportWorkflows, ...platformWorkflows]) {
  if (described.has(workflow.entity)) throw new Error(`Workflow of ${workflow.entity} is described twice`);
  described.set(workflow.entity, workflow);
}

/** Statuses of a status list, or undefined when no such list exists. */
export const statusesOf = (list: string): readonly string[] | undefined =>
  Object.hasOwn(entityStatuses, list) ? (entityStatuses as Record<string, readonly string[]>)[list] : undefined;

/** The default workflow of `entity`; undefined for kinds without a status. */
export function defaultWorkflow(entity: Entity): WorkflowDefinition | undefined {
  if (!entity.status) return undefined;
  const own = described.get(entity.name);
  if (own) return own;
  const statuses = statusesOf(entity.status);
  return statuses ? genericWorkflow(entity.name, entity.status, statuses) : undefined;
}

/** Kinds whose lifecycle is described rather than generic. */
export const describedWorkflowKinds = (): string[] => [...described.keys()];

/** Every kind with a status, with its default workflow. */
export const defaultWorkflows = (): WorkflowDefinition[] =>
  entities.flatMap((entity) => {
    const workflow = defaultWorkflow(entity);
    return workflow ? [workflow] : [];
  });
