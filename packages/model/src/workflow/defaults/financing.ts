import { t } from '../workflow.ts';
import { approver, kind } from './kind.ts';

/** Financing: contracts and deals, their lots and elements, agreements, amendments, credit lines, funding. */

export const contractWorkflow = kind('Contract', [
  t('SUBMIT', 'DRAFT', 'SUBMITTED', {
    requiredFields: ['persons', 'financialProduct', 'financedAmountExclTax', 'duration'], sideEffects: ['stampSubmitDate'],
  }),
  t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT', { sideEffects: ['clearSubmitDate'] }),
  t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver('Contract'), sideEffects: ['stampApprovalDate'] }),
  t('REVOKE_APPROVAL', 'APPROVED', 'SUBMITTED', { permission: approver('Contract') }),
  t('ACTIVATE', 'APPROVED', 'ACTIVE', { requiredFields: ['startDate'], sideEffects: ['stampActivationDate'] }),
  t('TERMINATE', 'ACTIVE', 'TERMINATED', { sideEffects: ['stampTerminationDate'] }),
  t('REOPEN', 'REJECTED', 'DRAFT'),
  t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver('Contract') }),
  t('CANCEL', ['DRAFT', 'SUBMITTED', 'APPROVED'], 'CANCELLED', { sideEffects: ['stampCancellationDate'] }),
]);

export const dealWorkflow = kind('Deal', [
  t('SUBMIT', 'DRAFT', 'SUBMITTED', { requiredFields: ['persons', 'financedAmountExclTax'], sideEffects: ['stampSubmitDate'] }),
  t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT', { sideEffects: ['clearSubmitDate'] }),
  t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver('Deal'), sideEffects: ['stampApprovalDate'] }),
  t('MARK_WON', 'APPROVED', 'WON'),
  t('REOPEN', 'REJECTED', 'DRAFT'),
  t('MARK_LOST', ['SUBMITTED', 'APPROVED'], 'LOST'),
  t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver('Deal') }),
  t('CANCEL', ['DRAFT', 'SUBMITTED'], 'CANCELLED', { sideEffects: ['stampCancellationDate'] }),
]);

export const agreementWorkflow = kind('Agreement', [
  t('SUBMIT', 'DRAFT', 'SUBMITTED', { requiredFields: ['partnerRegistration', 'startDate'] }),
  t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT'),
  t('ACTIVATE', 'SUBMITTED', 'ACTIVE', { permission: approver('Agreement'), sideEffects: ['stampActivationDate'] }),
  t('SUSPEND', 'ACTIVE', 'SUSPENDED'),
  t('RESUME', 'SUSPENDED', 'ACTIVE'),
  t('EXPIRE', ['ACTIVE', 'SUSPENDED'], 'EXPIRED'),
  t('TERMINATE', ['ACTIVE', 'SUSPENDED'], 'TERMINATED', { sideEffects: ['stampTerminationDate'] }),
  t('CANCEL', ['DRAFT', 'SUBMITTED'], 'CANCELLED'),
]);

/** Amendments of a contract and of a person: approved, then applied. */
const amendmentTransitions = (entity: string, required: string[]) => [
  t('SUBMIT', 'DRAFT', 'SUBMITTED', { requiredFields: required }),
  t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT'),
  t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver(entity) }),
  t('APPLY', 'APPROVED', 'APPLIED'),
  t('REOPEN', 'REJECTED', 'DRAFT'),
  t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver(entity) }),
  t('CANCEL', ['DRAFT', 'SUBMITTED', 'APPROVED'], 'CANCELLED'),
];
export const amendmentWorkflow = kind('Amendment', amendmentTransitions('Amendment', ['contractRegistration']));
export const personAmendmentWorkflow = kind('PersonAmendment', amendmentTransitions('PersonAmendment', []));

export const creditLineWorkflow = kind('CreditLine', [
  t('SUBMIT', 'DRAFT', 'SUBMITTED', { requiredFields: ['creditLimit', 'currency'] }),
  t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT'),
  t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver('CreditLine'), sideEffects: ['stampApprovalDate'] }),
  t('REVOKE_APPROVAL', 'APPROVED', 'SUBMITTED', { permission: approver('CreditLine') }),
  t('ACTIVATE', 'APPROVED', 'ACTIVE', { requiredFields: ['startDate'], sideEffects: ['stampActivationDate'] }),
  t('SUSPEND', 'ACTIVE', 'SUSPENDED'),
  t('RESUME', 'SUSPENDED', 'ACTIVE'),
  t('EXPIRE', ['ACTIVE', 'SUSPENDED'], 'EXPIRED'),
  t('CLOSE', ['ACTIVE', 'SUSPENDED', 'EXPIRED'], 'CLOSED', { sideEffects: ['stampClosingDate'] }),
  t('REOPEN', 'REJECTED', 'DRAFT'),
  t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver('CreditLine') }),
  t('CANCEL', ['DRAFT', 'SUBMITTED', 'APPROVED'], 'CANCELLED'),
]);

/** Elements and services of a contract live while it does. */
const runningTransitions = [
  t('ACTIVATE', 'DRAFT', 'ACTIVE', { sideEffects: ['stampActivationDate'] }),
  t('SUSPEND', 'ACTIVE', 'SUSPENDED'),
  t('RESUME', 'SUSPENDED', 'ACTIVE'),
  t('TERMINATE', ['ACTIVE', 'SUSPENDED'], 'TERMINATED', { sideEffects: ['stampTerminationDate'] }),
  t('CANCEL', 'DRAFT', 'CANCELLED'),
];
export const contractElementWorkflow = kind('ContractElement', runningTransitions);
export const financingServiceWorkflow = kind('FinancingService', runningTransitions);

export const externalContractWorkflow = kind('ExternalContract', [
  t('ACTIVATE', 'DRAFT', 'ACTIVE', { sideEffects: ['stampActivationDate'] }),
  t('TERMINATE', 'ACTIVE', 'TERMINATED', { sideEffects: ['stampTerminationDate'] }),
  t('CANCEL', 'DRAFT', 'CANCELLED'),
]);

/** A lot of contracts (or assets) offered to a funder: submitted, accepted, validated, then handed over. */
const lotTransitions = (entity: string, handOver: 'TRANSFER' | 'SELL', handedOver: string) => [
  t('SUBMIT', 'DRAFT', 'SUBMITTED', { sideEffects: ['stampSubmitDate'] }),
  t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT', { sideEffects: ['clearSubmitDate'] }),
  t('ACCEPT', 'SUBMITTED', 'ACCEPTED', { permission: approver(entity), sideEffects: ['stampAcceptDate'] }),
  t('VALIDATE', 'ACCEPTED', 'VALIDATED', { sideEffects: ['stampValidationDate'] }),
  t(handOver, 'VALIDATED', handedOver),
  t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver(entity) }),
  t('CANCEL', ['DRAFT', 'SUBMITTED', 'ACCEPTED'], 'CANCELLED'),
];
export const contractLotWorkflow = kind('ContractLot', lotTransitions('ContractLot', 'TRANSFER', 'TRANSFERRED'));
export const assetLotWorkflow = kind('AssetLot', lotTransitions('AssetLot', 'SELL', 'SOLD'));

export const fundingWorkflow = kind('Funding', [
  t('SUBMIT', 'DRAFT', 'SUBMITTED', { sideEffects: ['stampSubmitDate'] }),
  t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT', { sideEffects: ['clearSubmitDate'] }),
  t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver('Funding'), sideEffects: ['stampApprovalDate'] }),
  t('DISBURSE', 'APPROVED', 'DISBURSED'),
  t('REPAY', 'DISBURSED', 'REPAID'),
  t('REOPEN', 'REJECTED', 'DRAFT'),
  t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver('Funding') }),
  t('CANCEL', ['DRAFT', 'SUBMITTED', 'APPROVED'], 'CANCELLED'),
]);

export const fundWorkflow = kind('Fund', [
  t('ACTIVATE', 'DRAFT', 'ACTIVE'),
  t('SUSPEND', 'ACTIVE', 'SUSPENDED'),
  t('RESUME', 'SUSPENDED', 'ACTIVE'),
  t('CLOSE', ['ACTIVE', 'SUSPENDED'], 'CLOSED', { sideEffects: ['stampClosingDate'] }),
]);

export const productWorkflow = kind('Product', [
  t('ACTIVATE', 'DRAFT', 'ACTIVE'),
  t('DEACTIVATE', 'ACTIVE', 'INACTIVE'),
  t('REACTIVATE', 'INACTIVE', 'ACTIVE'),
  t('EXPIRE', ['ACTIVE', 'INACTIVE'], 'EXPIRED'),
]);

export const quotationWorkflow = kind('Quotation', [
  t('SEND', 'DRAFT', 'SENT'),
  t('ACCEPT', 'SENT', 'ACCEPTED', { action: 'COMPLETE' }),
  t('EXPIRE', 'SENT', 'EXPIRED'),
  t('REFUSE', 'SENT', 'REFUSED'),
  t('CANCEL', ['DRAFT', 'SENT'], 'CANCELLED'),
]);

export const financingWorkflows = [
  contractWorkflow, dealWorkflow, agreementWorkflow, amendmentWorkflow, personAmendmentWorkflow, creditLineWorkflow,
  contractElementWorkflow, financingServiceWorkflow, externalContractWorkflow, contractLotWorkflow, assetLotWorkflow,
  fundingWorkflow, fundWorkflow, productWorkflow, quotationWorkflow,
];
