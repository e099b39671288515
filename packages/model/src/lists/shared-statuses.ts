/**
 * Status lists several kinds share. A kind names one of these in its declaration (`statuses`);
 * a lifecycle of its own is written there directly.
 */

/** Catalogue items: prepared, in use, withdrawn, kept for history. */
export const catalogItemStatuses = ['DRAFT', 'ACTIVE', 'INACTIVE', 'ARCHIVED'] as const;

/** Configuration records (locations, metrics, rules, product tables). */
export const configurationStatuses = ['DRAFT', 'ACTIVE', 'INACTIVE'] as const;

export { processStatuses } from '../workflow/workflow.ts';
