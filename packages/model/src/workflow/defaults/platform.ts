import { t } from '../workflow.ts';
import { approver, kind } from './kind.ts';

/** The platform: processes (batches, imports), documents, messages, users, tenants and configuration records. */

/**
 * Spec 000 §4 process statuses: a background run fetches, processes, and ends in SUCCESS, WARNING
 * or ERROR; it may be stopped and continued, and reset to run again. The system runs the hidden steps.
 */
const processTransitions = [
  t('START', 'DRAFT', 'FETCHING'),
  t('PROCESS', 'FETCHING', 'PROCESSING', { hidden: true }),
  t('STOP', ['FETCHING', 'PROCESSING'], 'STOPPED'),
  t('CONTINUE', 'STOPPED', 'PROCESSING'),
  t('COMPLETE', 'PROCESSING', 'SUCCESS', { hidden: true }),
  t('COMPLETE_WITH_WARNINGS', 'PROCESSING', 'WARNING', { label: 'Complete with warnings', icon: 'WarningOutlined', action: 'COMPLETE', hidden: true }),
  t('FAIL', ['FETCHING', 'PROCESSING'], 'ERROR', { hidden: true }),
  t('RESET', ['STOPPED', 'ERROR', 'WARNING', 'SUCCESS'], 'DRAFT', { pullRight: true }),
];
export const batchWorkflow = kind('Batch', processTransitions);
export const importWorkflow = kind('Import', processTransitions);

/** Data received from outside and processed by the platform. */
const inboundTransitions = (receive: 'RECEIVE' | 'IMPORT', received: string) => [
  t(receive, 'DRAFT', received),
  t('PROCESS', received, 'PROCESSING'),
  t('COMPLETE', 'PROCESSING', 'PROCESSED', { hidden: true }),
  t('FAIL', 'PROCESSING', 'ERROR', { hidden: true }),
  t('RETRY', 'ERROR', received),
];
export const externalDataWorkflow = kind('ExternalData', inboundTransitions('RECEIVE', 'RECEIVED'));

export const systemEventWorkflow = kind('SystemEvent', [
  t('PROCESS', 'NEW', 'PROCESSING'),
  t('COMPLETE', 'PROCESSING', 'PROCESSED', { hidden: true }),
  t('FAIL', 'PROCESSING', 'ERROR', { hidden: true }),
  t('RETRY', 'ERROR', 'NEW'),
  t('IGNORE', ['NEW', 'ERROR'], 'IGNORED'),
]);

export const dtxnWorkflow = kind('Dtxn', [
  t('COMMIT', 'PENDING', 'COMMITTED', { hidden: true }),
  t('FAIL', 'PENDING', 'ERROR', { hidden: true }),
  t('ROLL_BACK', ['PENDING', 'ERROR'], 'ROLLED_BACK', { permission: approver('Dtxn') }),
]);

export const reportWorkflow = kind('Report', [
  t('GENERATE', 'DRAFT', 'PROCESSING'),
  t('COMPLETE', 'PROCESSING', 'READY', { action: 'DO', hidden: true }),
  t('FAIL', 'PROCESSING', 'ERROR', { hidden: true }),
  t('RETRY', 'ERROR', 'PROCESSING'),
  t('REGENERATE', 'READY', 'PROCESSING', { label: 'Regenerate', icon: 'ReloadOutlined' }),
  t('PUBLISH', 'READY', 'PUBLISHED', { action: 'COMPLETE' }),
  t('UNPUBLISH', 'PUBLISHED', 'READY'),
]);

export const documentWorkflow = kind('Document', [
  t('UPLOAD', 'DRAFT', 'UPLOADED'),
  t('VALIDATE', 'UPLOADED', 'VALIDATED', { sideEffects: ['stampValidationDate'] }),
  t('UNDO_VALIDATE', 'VALIDATED', 'UPLOADED', { label: 'Back to review' }),
  t('SIGN', 'VALIDATED', 'SIGNED'),
  t('EXPIRE', ['VALIDATED', 'SIGNED'], 'EXPIRED'),
  t('REOPEN', 'REJECTED', 'DRAFT', { label: 'Replace' }),
  t('REJECT', 'UPLOADED', 'REJECTED'),
  t('ARCHIVE', ['VALIDATED', 'SIGNED', 'EXPIRED', 'REJECTED'], 'ARCHIVED'),
]);

export const communicationWorkflow = kind('Communication', [
  t('SCHEDULE', 'DRAFT', 'SCHEDULED'),
  t('UNSCHEDULE', 'SCHEDULED', 'DRAFT'),
  t('SEND', ['DRAFT', 'SCHEDULED'], 'SENT'),
  t('CONFIRM_DELIVERY', 'SENT', 'DELIVERED', { action: 'COMPLETE', hidden: true }),
  t('FAIL', 'SENT', 'FAILED', { hidden: true }),
  t('RETRY', 'FAILED', 'SCHEDULED'),
  t('CANCEL', ['DRAFT', 'SCHEDULED'], 'CANCELLED'),
]);

export const mailWorkflow = kind('Mail', [
  t('QUEUE', 'DRAFT', 'QUEUED'),
  t('SEND', 'QUEUED', 'SENT', { hidden: true }),
  t('CONFIRM_DELIVERY', 'SENT', 'DELIVERED', { hidden: true }),
  t('CONFIRM_OPENING', 'DELIVERED', 'OPENED', { action: 'COMPLETE', hidden: true }),
  t('BOUNCE', 'SENT', 'BOUNCED', { hidden: true }),
  t('FAIL', 'QUEUED', 'FAILED', { hidden: true }),
  t('RETRY', ['FAILED', 'BOUNCED'], 'QUEUED'),
]);

export const noteWorkflow = kind('Note', [
  t('PUBLISH', 'DRAFT', 'PUBLISHED'),
  t('UNPUBLISH', 'PUBLISHED', 'DRAFT'),
  t('ARCHIVE', ['DRAFT', 'PUBLISHED'], 'ARCHIVED'),
]);

export const sheetWorkflow = kind('Sheet', [
  t('VALIDATE', 'DRAFT', 'VALIDATED', { sideEffects: ['stampValidationDate'] }),
  t('UNDO_VALIDATE', 'VALIDATED', 'DRAFT'),
  t('ARCHIVE', 'VALIDATED', 'ARCHIVED'),
]);

export const scoreWorkflow = kind('Score', [
  t('COMPUTE', 'DRAFT', 'COMPUTED'),
  t('RECOMPUTE', 'COMPUTED', 'DRAFT'),
  t('VALIDATE', 'COMPUTED', 'VALIDATED', { permission: approver('Score'), sideEffects: ['stampValidationDate'] }),
  t('OVERRIDE', ['COMPUTED', 'VALIDATED'], 'OVERRIDDEN', { permission: approver('Score') }),
  t('EXPIRE', ['VALIDATED', 'OVERRIDDEN'], 'EXPIRED'),
]);

export const userWorkflow = kind('User', [
  t('ACTIVATE', 'INVITED', 'ACTIVE'),
  t('LOCK', 'ACTIVE', 'LOCKED'),
  t('UNLOCK', 'LOCKED', 'ACTIVE'),
  t('DISABLE', ['INVITED', 'ACTIVE', 'LOCKED'], 'DISABLED', { pullRight: true }),
  t('ENABLE', 'DISABLED', 'ACTIVE', { action: 'CONTINUE' }),
]);

export const tenantWorkflow = kind('Tenant', [
  t('ACTIVATE', 'DRAFT', 'ACTIVE'),
  t('SUSPEND', 'ACTIVE', 'SUSPENDED'),
  t('RESUME', 'SUSPENDED', 'ACTIVE'),
  t('CLOSE', ['ACTIVE', 'SUSPENDED'], 'CLOSED', { sideEffects: ['stampClosingDate'] }),
]);

export const featureFlagWorkflow = kind('FeatureFlag', [
  t('ENABLE', ['DRAFT', 'DISABLED'], 'ENABLED'),
  t('DISABLE', 'ENABLED', 'DISABLED'),
  t('ARCHIVE', ['DRAFT', 'DISABLED'], 'ARCHIVED'),
]);

export const featureFlagItemWorkflow = kind('FeatureFlagItem', [
  t('ENABLE', ['DRAFT', 'DISABLED'], 'ENABLED'),
  t('DISABLE', 'ENABLED', 'DISABLED'),
]);

export const flowWorkflow = kind('Flow', [
  t('ACTIVATE', 'DRAFT', 'ACTIVE'),
  t('HOLD', 'ACTIVE', 'ON_HOLD'),
  t('RESUME', 'ON_HOLD', 'ACTIVE'),
  t('ARCHIVE', ['DRAFT', 'ACTIVE', 'ON_HOLD'], 'ARCHIVED'),
]);

export const scriptWorkflow = kind('Script', [
  t('ACTIVATE', 'DRAFT', 'ACTIVE'),
  t('DEACTIVATE', 'ACTIVE', 'INACTIVE'),
  t('REACTIVATE', 'INACTIVE', 'ACTIVE'),
  t('DEPRECATE', ['ACTIVE', 'INACTIVE'], 'DEPRECATED'),
]);

export const platformWorkflows = [
  batchWorkflow, importWorkflow, externalDataWorkflow, systemEventWorkflow, dtxnWorkflow, reportWorkflow, documentWorkflow,
  communicationWorkflow, mailWorkflow, noteWorkflow, sheetWorkflow, scoreWorkflow, userWorkflow, tenantWorkflow,
  featureFlagWorkflow, featureFlagItemWorkflow, flowWorkflow, scriptWorkflow,
];
