import { t } from '../workflow.ts';
import { approver, kind } from './kind.ts';

/** Support and case management: tickets, cases, claims, committees and their votes, projects, time. */

/** A request handled by the back office: worked on, possibly waiting for the client, resolved, closed. */
const requestTransitions = (escalation: boolean) => [
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
export const ticketWorkflow = kind('Ticket', requestTransitions(false));
export const caseWorkflow = kind('Case', requestTransitions(true));

export const claimWorkflow = kind('Claim', [
  t('DECLARE', 'DRAFT', 'DECLARED', { requiredFields: ['startDate'] }),
  t('UNDO_DECLARE', 'DECLARED', 'DRAFT', { label: 'Back to draft', icon: 'RollbackOutlined', action: 'UNDO' }),
  t('REVIEW', 'DECLARED', 'UNDER_REVIEW'),
  t('ACCEPT', 'UNDER_REVIEW', 'ACCEPTED', { permission: approver('Claim') }),
  t('SETTLE', 'ACCEPTED', 'SETTLED', { action: 'DO' }),
  t('CLOSE', ['SETTLED', 'REJECTED'], 'CLOSED', { sideEffects: ['stampClosingDate'] }),
  t('REJECT', 'UNDER_REVIEW', 'REJECTED', { permission: approver('Claim') }),
]);

export const committeeWorkflow = kind('Committee', [
  t('SCHEDULE', 'DRAFT', 'SCHEDULED', { requiredFields: ['startDate'] }),
  t('UNSCHEDULE', 'SCHEDULED', 'DRAFT'),
  t('START', 'SCHEDULED', 'IN_PROGRESS'),
  t('CLOSE', 'IN_PROGRESS', 'CLOSED', { sideEffects: ['stampClosingDate'] }),
  t('CANCEL', ['DRAFT', 'SCHEDULED'], 'CANCELLED'),
]);

export const votingWorkflow = kind('Voting', [
  t('OPEN', 'DRAFT', 'OPEN'),
  t('CLOSE', 'OPEN', 'CLOSED'),
  t('REOPEN', 'CLOSED', 'OPEN', { action: 'UNDO' }),
  t('CANCEL', ['DRAFT', 'OPEN'], 'CANCELLED'),
]);

export const voteWorkflow = kind('Vote', [
  t('CAST', 'DRAFT', 'CAST'),
  t('WITHDRAW', 'CAST', 'WITHDRAWN'),
]);

export const budgetWorkflow = kind('Budget', [
  t('SUBMIT', 'DRAFT', 'SUBMITTED'),
  t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT'),
  t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver('Budget') }),
  t('ACTIVATE', 'APPROVED', 'ACTIVE'),
  t('CLOSE', 'ACTIVE', 'CLOSED', { sideEffects: ['stampClosingDate'] }),
  t('REOPEN', 'REJECTED', 'DRAFT'),
  t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver('Budget') }),
]);

export const projectWorkflow = kind('Project', [
  t('OPEN', 'DRAFT', 'OPEN'),
  t('START', 'OPEN', 'IN_PROGRESS'),
  t('HOLD', 'IN_PROGRESS', 'ON_HOLD'),
  t('RESUME', 'ON_HOLD', 'IN_PROGRESS'),
  t('COMPLETE', 'IN_PROGRESS', 'COMPLETED'),
  t('CANCEL', ['DRAFT', 'OPEN', 'IN_PROGRESS', 'ON_HOLD'], 'CANCELLED'),
]);

export const questionWorkflow = kind('Question', [
  t('OPEN', 'DRAFT', 'OPEN', { label: 'Ask' }),
  t('ANSWER', 'OPEN', 'ANSWERED'),
  t('REOPEN', 'ANSWERED', 'OPEN', { action: 'UNDO' }),
  t('CLOSE', ['OPEN', 'ANSWERED'], 'CLOSED'),
]);

export const timeEntryWorkflow = kind('TimeEntry', [
  t('SUBMIT', 'DRAFT', 'SUBMITTED'),
  t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT'),
  t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver('TimeEntry') }),
  t('INVOICE', 'APPROVED', 'INVOICED', { action: 'COMPLETE' }),
  t('REOPEN', 'REJECTED', 'DRAFT'),
  t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver('TimeEntry') }),
]);

export const taskWorkflow = kind('Task', [
  t('START', 'OPEN', 'IN_PROGRESS'),
  t('WAIT', 'IN_PROGRESS', 'WAITING'),
  t('RESUME', 'WAITING', 'IN_PROGRESS'),
  t('COMPLETE', ['OPEN', 'IN_PROGRESS', 'WAITING'], 'DONE'),
  t('REOPEN', 'DONE', 'OPEN', { sideEffects: ['countReopening'] }),
  t('CANCEL', ['OPEN', 'IN_PROGRESS', 'WAITING'], 'CANCELLED'),
]);

export const supportWorkflows = [
  ticketWorkflow, caseWorkflow, claimWorkflow, committeeWorkflow, votingWorkflow, voteWorkflow, budgetWorkflow,
  projectWorkflow, questionWorkflow, timeEntryWorkflow, taskWorkflow,
];
