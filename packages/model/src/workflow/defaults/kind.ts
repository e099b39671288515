import { entityByName } from '../../entity-registry.ts';
import { entityStatuses } from '../../lists/statuses.ts';
import { defineWorkflow, type TransitionInput, type WorkflowDefinition } from '../workflow.ts';

const statusesOf = (list: string): readonly string[] | undefined => (entityStatuses as Record<string, readonly string[]>)[list];

/** The default workflow of a declared kind, over the statuses of its own status list. */
export function kind(entityName: string, transitions: TransitionInput[]): WorkflowDefinition {
  const entity = entityByName(entityName);
  if (!entity?.status) throw new Error(`Workflow of ${entityName}: no such kind with a status`);
  const statuses = statusesOf(entity.status);
  if (!statuses) throw new Error(`Workflow of ${entityName}: no status list ${entity.status}`);
  return defineWorkflow(entity.name, entity.status, statuses, transitions);
}

/**
 * Permission to take decisions on a kind: `approve /api/financing/contracts`. Not a read or write
 * name, so "write all" does not grant it: approving stays a separate right (four eyes).
 */
export function approver(entityName: string): string {
  const entity = entityByName(entityName);
  if (!entity) throw new Error(`approver: unknown kind ${entityName}`);
  return `approve /api/${entity.route}`;
}
