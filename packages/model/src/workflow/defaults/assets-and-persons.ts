import { t } from '../workflow.ts';
import { approver, kind } from './kind.ts';

/** Assets and the persons around them: ordering, delivery, use and end of life; clients, prospects, campaigns. */

export const assetWorkflow = kind('Asset', [
  t('ORDER', 'DRAFT', 'ORDERED'),
  t('DELIVER', 'ORDERED', 'DELIVERED', { sideEffects: ['stampDeliveryDate'] }),
  t('ACTIVATE', 'DELIVERED', 'ACTIVE', { sideEffects: ['stampActivationDate'] }),
  t('RETURN', 'ACTIVE', 'RETURNED', { sideEffects: ['stampReturnDate'] }),
  t('REACTIVATE', 'RETURNED', 'ACTIVE', { label: 'Put back in use' }),
  t('SELL', ['ACTIVE', 'RETURNED'], 'SOLD'),
  t('SCRAP', ['ACTIVE', 'RETURNED'], 'SCRAPPED'),
  t('CANCEL', ['DRAFT', 'ORDERED'], 'CANCELLED'),
]);

export const assetExpenseWorkflow = kind('AssetExpense', [
  t('SUBMIT', 'DRAFT', 'SUBMITTED'),
  t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT'),
  t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver('AssetExpense') }),
  t('INVOICE', 'APPROVED', 'INVOICED'),
  t('PAY', 'INVOICED', 'PAID'),
  t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver('AssetExpense') }),
  t('CANCEL', ['DRAFT', 'SUBMITTED', 'APPROVED'], 'CANCELLED'),
]);

export const collateralWorkflow = kind('Collateral', [
  t('REQUEST', 'DRAFT', 'REQUESTED'),
  t('RECEIVE', 'REQUESTED', 'RECEIVED'),
  t('ACTIVATE', 'RECEIVED', 'ACTIVE', { sideEffects: ['stampActivationDate'] }),
  t('CALL', 'ACTIVE', 'CALLED', { permission: approver('Collateral') }),
  t('RELEASE', ['ACTIVE', 'CALLED'], 'RELEASED'),
  t('CANCEL', ['DRAFT', 'REQUESTED', 'RECEIVED'], 'CANCELLED'),
]);

export const depreciationScheduleWorkflow = kind('DepreciationSchedule', [
  t('ACTIVATE', 'DRAFT', 'ACTIVE'),
  t('COMPLETE', 'ACTIVE', 'COMPLETED'),
  t('CANCEL', ['DRAFT', 'ACTIVE'], 'CANCELLED'),
]);

/** Planned work on site: scheduled, carried out, done. */
const fieldWorkTransitions = [
  t('SCHEDULE', 'DRAFT', 'SCHEDULED'),
  t('UNSCHEDULE', 'SCHEDULED', 'DRAFT'),
  t('START', 'SCHEDULED', 'IN_PROGRESS'),
  t('COMPLETE', 'IN_PROGRESS', 'COMPLETED'),
  t('CANCEL', ['DRAFT', 'SCHEDULED', 'IN_PROGRESS'], 'CANCELLED'),
];
export const inspectionWorkflow = kind('Inspection', fieldWorkTransitions);
export const campaignWorkflow = kind('Campaign', fieldWorkTransitions);

export const maintenanceWorkflow = kind('Maintenance', [
  t('SUBMIT', 'DRAFT', 'SUBMITTED', { requiredFields: ['assetRegistration'], sideEffects: ['stampSubmitDate'] }),
  t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT', { sideEffects: ['clearSubmitDate'] }),
  t('VALIDATE', 'SUBMITTED', 'VALIDATED', { sideEffects: ['stampValidationDate'] }),
  t('START', 'VALIDATED', 'IN_PROGRESS'),
  t('RETURN', 'IN_PROGRESS', 'RETURNED', { sideEffects: ['stampReturnDate'] }),
  t('INVOICE', 'RETURNED', 'INVOICED'),
  t('CLOSE', ['RETURNED', 'INVOICED'], 'CLOSED', { sideEffects: ['stampClosingDate'] }),
  t('CANCEL', ['DRAFT', 'SUBMITTED', 'VALIDATED'], 'CANCELLED'),
]);

export const personWorkflow = kind('Person', [
  t('ACTIVATE', 'PROSPECT', 'ACTIVE', { label: 'Make client' }),
  t('DEACTIVATE', 'ACTIVE', 'INACTIVE'),
  t('REACTIVATE', 'INACTIVE', 'ACTIVE'),
  t('BLOCK', ['ACTIVE', 'INACTIVE'], 'BLOCKED', { permission: approver('Person') }),
  t('UNBLOCK', 'BLOCKED', 'ACTIVE', { permission: approver('Person') }),
  t('ARCHIVE', ['PROSPECT', 'INACTIVE'], 'ARCHIVED'),
]);

export const prospectWorkflow = kind('Prospect', [
  t('CONTACT', 'NEW', 'CONTACTED'),
  t('QUALIFY', 'CONTACTED', 'QUALIFIED'),
  t('CONVERT', 'QUALIFIED', 'CONVERTED'),
  t('REOPEN', 'LOST', 'CONTACTED', { action: 'CONTINUE' }),
  t('MARK_LOST', ['CONTACTED', 'QUALIFIED'], 'LOST'),
  t('DISQUALIFY', ['NEW', 'CONTACTED'], 'DISQUALIFIED'),
]);

export const campaignContactWorkflow = kind('CampaignContact', [
  t('CONTACT', 'NEW', 'CONTACTED'),
  t('MARK_INTERESTED', 'CONTACTED', 'INTERESTED'),
  t('CONVERT', 'INTERESTED', 'CONVERTED'),
  t('MARK_NOT_INTERESTED', ['CONTACTED', 'INTERESTED'], 'NOT_INTERESTED'),
  t('UNSUBSCRIBE', ['NEW', 'CONTACTED', 'INTERESTED', 'NOT_INTERESTED'], 'UNSUBSCRIBED'),
]);

export const organizationWorkflow = kind('Organization', [
  t('ACTIVATE', 'DRAFT', 'ACTIVE'),
  t('DEACTIVATE', 'ACTIVE', 'INACTIVE'),
  t('REACTIVATE', 'INACTIVE', 'ACTIVE'),
  t('CLOSE', ['ACTIVE', 'INACTIVE'], 'CLOSED', { sideEffects: ['stampClosingDate'] }),
]);

export const privateEquityAssetWorkflow = kind('PrivateEquityAsset', [
  t('ACTIVATE', 'DRAFT', 'ACTIVE', { label: 'Invest' }),
  t('EXIT', 'ACTIVE', 'EXITED'),
  t('WRITE_OFF', 'ACTIVE', 'WRITTEN_OFF', { permission: approver('PrivateEquityAsset') }),
]);

export const privateEquityOperationWorkflow = kind('PrivateEquityOperation', [
  t('SUBMIT', 'DRAFT', 'SUBMITTED'),
  t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT'),
  t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver('PrivateEquityOperation') }),
  t('EXECUTE', 'APPROVED', 'EXECUTED'),
  t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver('PrivateEquityOperation') }),
  t('CANCEL', ['DRAFT', 'SUBMITTED', 'APPROVED'], 'CANCELLED'),
]);

export const privateEquityTransactionWorkflow = kind('PrivateEquityTransaction', [
  t('VALIDATE', 'DRAFT', 'VALIDATED'),
  t('UNDO_VALIDATE', 'VALIDATED', 'DRAFT'),
  t('SETTLE', 'VALIDATED', 'SETTLED'),
  t('CANCEL', ['DRAFT', 'VALIDATED'], 'CANCELLED'),
]);

export const assetAndPersonWorkflows = [
  assetWorkflow, assetExpenseWorkflow, collateralWorkflow, depreciationScheduleWorkflow, inspectionWorkflow, campaignWorkflow,
  maintenanceWorkflow, personWorkflow, prospectWorkflow, campaignContactWorkflow, organizationWorkflow,
  privateEquityAssetWorkflow, privateEquityOperationWorkflow, privateEquityTransactionWorkflow,
];
