import type { Entity } from '../entity.ts';
import { entities } from '../entity-registry.ts';
import { items, type ListItem } from './item.ts';
import { statusLabels, type StatusCode } from './status-labels.ts';
import { processStatuses } from './shared-statuses.ts';

/**
 * The workflow statuses of each entity kind, as `{camelName}Status` lists, read from the kinds'
 * declarations (`statuses`). Each begins with the status a new record takes; the order is the
 * usual path through the lifecycle, exits last.
 */
export const entityStatuses: Record<string, readonly string[]> = Object.fromEntries(
  entities.filter((e) => e.status).map((e) => [e.status as string, e.statuses]),
);

/** Other status lists: processes (spec 000 §4) and SEPA mandates (`rumStatus`, spec 002 §3). */
export const otherStatuses = {
  processStatus: processStatuses,
  sepaMandateStatus: ['DRAFT', 'PENDING_SIGNATURE', 'SIGNED', 'ACTIVE', 'REVOKED', 'EXPIRED', 'CANCELLED'],
} as const satisfies Record<string, readonly StatusCode[]>;

/** A code's labels: the shared ones, or those the kind's declaration gives for codes of its own. */
const toItems = (codes: readonly string[], own: Entity['statusLabels'] = {}): ListItem[] =>
  codes.map((value) => ({
    value,
    label: Object.hasOwn(statusLabels, value) ? statusLabels[value as StatusCode] : own[value],
  }));

/** The status lists of `kinds`, named `{camelName}Status`. */
export const statusListsOf = (kinds: Entity[]): Record<string, ListItem[]> =>
  Object.fromEntries(
    kinds.filter((e) => e.status).map((e) => [e.status as string, toItems(e.statuses, e.statusLabels)]),
  );

export const statusLists: Record<string, ListItem[]> = {
  ...statusListsOf(entities),
  ...Object.fromEntries(Object.entries(otherStatuses).map(([name, codes]) => [name, toItems(codes)])),
  /** Spec 000 §4: the actions a workflow step can take. */
  workflowAction: items([
    ['DO', 'Do', 'Exécuter'],
    ['UNDO', 'Undo', 'Annuler'],
    ['CONTINUE', 'Continue', 'Continuer'],
    ['COMPLETE', 'Complete', 'Terminer'],
    ['RESET', 'Reset', 'Réinitialiser'],
  ]),
};
