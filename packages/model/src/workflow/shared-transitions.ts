import { approver, t, type TransitionInput } from './workflow.ts';

/**
 * Lifecycles several kinds share, named from their declarations (`workflow: (kind) => …`).
 * A lifecycle of one kind only is written in its declaration.
 */

type Kind = { route: string };

/**
 * Spec 000 §4 process statuses: a background run fetches, processes, and ends in SUCCESS, WARNING
 * or ERROR; it may be stopped and continued, and reset to run again. The system runs the hidden steps.
 */
export const processTransitions: TransitionInput[] = [
  t('START', 'DRAFT', 'FETCHING'),
  t('PROCESS', 'FETCHING', 'PROCESSING', { hidden: true }),
  t('STOP', ['FETCHING', 'PROCESSING'], 'STOPPED'),
  t('CONTINUE', 'STOPPED', 'PROCESSING'),
  t('COMPLETE', 'PROCESSING', 'SUCCESS', { hidden: true }),
  t('COMPLETE_WITH_WARNINGS', 'PROCESSING', 'WARNING', {
    label: 'Complete with warnings',
    icon: 'WarningOutlined',
    action: 'COMPLETE',
    hidden: true,
  }),
  t('FAIL', ['FETCHING', 'PROCESSING'], 'ERROR', { hidden: true }),
  t('RESET', ['STOPPED', 'ERROR', 'WARNING', 'SUCCESS'], 'DRAFT', { pullRight: true }),
];

/** Amendments of a contract and of a person: approved, then applied. */
export const amendmentTransitions = (kind: Kind, required: string[]): TransitionInput[] => [
  t('SUBMIT', 'DRAFT', 'SUBMITTED', { requiredFields: required }),
  t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT'),
  t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver(kind) }),
  t('APPLY', 'APPROVED', 'APPLIED'),
  t('REOPEN', 'REJECTED', 'DRAFT'),
  t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver(kind) }),
  t('CANCEL', ['DRAFT', 'SUBMITTED', 'APPROVED'], 'CANCELLED'),
];

/** Elements and services of a contract live while it does. */
export const runningTransitions: TransitionInput[] = [
  t('ACTIVATE', 'DRAFT', 'ACTIVE', { sideEffects: ['stampActivationDate'] }),
  t('SUSPEND', 'ACTIVE', 'SUSPENDED'),
  t('RESUME', 'SUSPENDED', 'ACTIVE'),
  t('TERMINATE', ['ACTIVE', 'SUSPENDED'], 'TERMINATED', { sideEffects: ['stampTerminationDate'] }),
  t('CANCEL', 'DRAFT', 'CANCELLED'),
];

/** A lot of contracts (or assets) offered to a funder: submitted, accepted, validated, then handed over. */
export const lotTransitions = (kind: Kind, handOver: 'TRANSFER' | 'SELL', handedOver: string): TransitionInput[] => [
  t('SUBMIT', 'DRAFT', 'SUBMITTED', { sideEffects: ['stampSubmitDate'] }),
  t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT', { sideEffects: ['clearSubmitDate'] }),
  t('ACCEPT', 'SUBMITTED', 'ACCEPTED', { permission: approver(kind), sideEffects: ['stampAcceptDate'] }),
  t('VALIDATE', 'ACCEPTED', 'VALIDATED', { sideEffects: ['stampValidationDate'] }),
  t(handOver, 'VALIDATED', handedOver),
  t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver(kind) }),
  t('CANCEL', ['DRAFT', 'SUBMITTED', 'ACCEPTED'], 'CANCELLED'),
];

/** Ledger entries (postings, cash allocations): validated, exported to accounting, reversed by a decision. */
export const ledgerTransitions = (kind: Kind): TransitionInput[] => [
  t('VALIDATE', 'DRAFT', 'VALIDATED', { sideEffects: ['stampValidationDate'] }),
  t('UNDO_VALIDATE', 'VALIDATED', 'DRAFT'),
  t('EXPORT', 'VALIDATED', 'EXPORTED', { action: 'COMPLETE' }),
  t('REVERSE', ['VALIDATED', 'EXPORTED'], 'REVERSED', { permission: approver(kind) }),
  t('CANCEL', 'DRAFT', 'CANCELLED'),
];

/** A request handled by the back office: worked on, possibly waiting for the client, resolved, closed. */
export const requestTransitions = (escalation: boolean): TransitionInput[] => [
  t('START', 'NEW', 'IN_PROGRESS'),
  t('WAIT', 'IN_PROGRESS', 'WAITING'),
  t('RESUME', 'WAITING', 'IN_PROGRESS'),
  ...(escalation
    ? [t('ESCALATE', ['IN_PROGRESS', 'WAITING'], 'ESCALATED'), t('DE_ESCALATE', 'ESCALATED', 'IN_PROGRESS')]
    : []),
  t('RESOLVE', ['IN_PROGRESS', 'WAITING', ...(escalation ? ['ESCALATED'] : [])], 'RESOLVED'),
  t('REOPEN', 'RESOLVED', 'IN_PROGRESS', { action: 'UNDO', sideEffects: ['countReopening'] }),
  t('CLOSE', 'RESOLVED', 'CLOSED', { sideEffects: ['stampClosingDate'] }),
  t('CANCEL', ['NEW', 'IN_PROGRESS', 'WAITING'], 'CANCELLED'),
];

/** Planned work on site: scheduled, carried out, done. */
export const fieldWorkTransitions: TransitionInput[] = [
  t('SCHEDULE', 'DRAFT', 'SCHEDULED'),
  t('UNSCHEDULE', 'SCHEDULED', 'DRAFT'),
  t('START', 'SCHEDULED', 'IN_PROGRESS'),
  t('COMPLETE', 'IN_PROGRESS', 'COMPLETED'),
  t('CANCEL', ['DRAFT', 'SCHEDULED', 'IN_PROGRESS'], 'CANCELLED'),
];
