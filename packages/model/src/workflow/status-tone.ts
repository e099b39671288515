import { exitStatuses, pauseStatuses } from './generic-workflow.ts';
import type { WorkflowDefinition } from './workflow.ts';

/**
 * Badge colours of statuses (spec 001 §4: success, error, warning, ongoing, stopped, current or
 * default), read from the workflow's source and target codes. `current` is the record's own
 * status where a screen shows a whole lifecycle; it is not a property of the status itself.
 */
export const statusTones = ['success', 'error', 'warning', 'ongoing', 'stopped', 'current', 'default'] as const;
export type StatusTone = (typeof statusTones)[number];

const warningStatuses = new Set(['WARNING', 'EXPIRED', 'PARTIALLY_REJECTED', 'ESCALATED', 'OVERRIDDEN', 'CALLED']);

export function statusTone(workflow: WorkflowDefinition, status: string): StatusTone {
  if (exitStatuses.has(status)) return 'error';
  if (pauseStatuses.has(status)) return 'stopped';
  if (warningStatuses.has(status)) return 'warning';
  if (status === workflow.statuses[0]) return 'default';
  const leaves = workflow.transitions.some((tr) => tr.from.includes(status));
  const completes = workflow.transitions.some((tr) => tr.to === status && tr.action === 'COMPLETE');
  return !leaves || completes ? 'success' : 'ongoing';
}

/** The tone of every status of `workflow`. */
export function workflowTones(workflow: WorkflowDefinition): Record<string, StatusTone> {
  return Object.fromEntries(workflow.statuses.map((s) => [s, statusTone(workflow, s)]));
}
