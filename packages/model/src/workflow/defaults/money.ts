import { t } from '../workflow.ts';
import { approver, kind } from './kind.ts';

/** Billing, banking and accounting: invoices, payments, bank flows and ledger entries. */

export const invoiceWorkflow = kind('Invoice', [
  t('ISSUE', 'DRAFT', 'ISSUED', { requiredFields: ['amountInclTax', 'dueDate'], sideEffects: ['stampIssueDate'] }),
  t('PAY_PARTIALLY', 'ISSUED', 'PARTIALLY_PAID'),
  t('PAY', ['ISSUED', 'PARTIALLY_PAID'], 'PAID', { sideEffects: ['markInvoicePaid'] }),
  // An issued invoice is a legal document: cancelling it is a decision.
  t('CANCEL', ['DRAFT', 'ISSUED'], 'CANCELLED', { permission: approver('Invoice'), sideEffects: ['stampCancellationDate'] }),
]);

export const invoiceLineWorkflow = kind('InvoiceLine', [
  t('ISSUE', 'DRAFT', 'ISSUED'),
  t('PAY', 'ISSUED', 'PAID'),
  t('CANCEL', ['DRAFT', 'ISSUED'], 'CANCELLED'),
]);

export const cashflowWorkflow = kind('Cashflow', [
  t('VALIDATE', 'DRAFT', 'PENDING'),
  t('ALLOCATE_PARTIALLY', 'PENDING', 'PARTIALLY_ALLOCATED'),
  t('ALLOCATE', ['PENDING', 'PARTIALLY_ALLOCATED'], 'ALLOCATED'),
  t('CANCEL', ['DRAFT', 'PENDING'], 'CANCELLED'),
]);

/** Ledger entries (postings, cash allocations): validated, exported to accounting, reversed by a decision. */
const ledgerTransitions = (entity: string) => [
  t('VALIDATE', 'DRAFT', 'VALIDATED', { sideEffects: ['stampValidationDate'] }),
  t('UNDO_VALIDATE', 'VALIDATED', 'DRAFT'),
  t('EXPORT', 'VALIDATED', 'EXPORTED', { action: 'COMPLETE' }),
  t('REVERSE', ['VALIDATED', 'EXPORTED'], 'REVERSED', { permission: approver(entity) }),
  t('CANCEL', 'DRAFT', 'CANCELLED'),
];
export const cashflowAllocationWorkflow = kind('CashflowAllocation', ledgerTransitions('CashflowAllocation'));
export const postingWorkflow = kind('Posting', ledgerTransitions('Posting'));

export const postingEventWorkflow = kind('PostingEvent', [
  t('PROCESS', 'PENDING', 'PROCESSED', { action: 'COMPLETE', hidden: true }),
  t('FAIL', 'PENDING', 'ERROR', { hidden: true }),
  t('RETRY', 'ERROR', 'PENDING'),
  t('IGNORE', ['PENDING', 'ERROR'], 'IGNORED'),
]);

export const paymentFileWorkflow = kind('PaymentFile', [
  t('GENERATE', 'DRAFT', 'GENERATED'),
  t('UNDO_GENERATE', 'GENERATED', 'DRAFT', { label: 'Back to draft', icon: 'RollbackOutlined', action: 'UNDO' }),
  t('SEND', 'GENERATED', 'SENT'),
  t('ACCEPT', 'SENT', 'ACCEPTED', { action: 'COMPLETE', hidden: true }),
  t('REJECT_PARTIALLY', 'SENT', 'PARTIALLY_REJECTED', { label: 'Partially rejected', icon: 'WarningOutlined', hidden: true }),
  t('REJECT', 'SENT', 'REJECTED', { hidden: true }),
  t('CANCEL', ['DRAFT', 'GENERATED'], 'CANCELLED'),
]);

export const paymentFileLineWorkflow = kind('PaymentFileLine', [
  t('SEND', 'DRAFT', 'SENT'),
  t('ACCEPT', 'SENT', 'ACCEPTED', { action: 'COMPLETE' }),
  t('REJECT', 'SENT', 'REJECTED'),
  t('CANCEL', 'DRAFT', 'CANCELLED'),
]);

/** A SEPA direct-debit mandate: signed by the debtor, then usable until revoked or expired. */
export const sepaWorkflow = kind('Sepa', [
  t('REQUEST_SIGNATURE', 'DRAFT', 'PENDING_SIGNATURE'),
  t('SIGN', 'PENDING_SIGNATURE', 'ACTIVE', { sideEffects: ['stampActivationDate'] }),
  t('SUSPEND', 'ACTIVE', 'SUSPENDED'),
  t('RESUME', 'SUSPENDED', 'ACTIVE'),
  t('EXPIRE', ['ACTIVE', 'SUSPENDED'], 'EXPIRED'),
  t('REVOKE', ['PENDING_SIGNATURE', 'ACTIVE', 'SUSPENDED'], 'REVOKED'),
]);

export const camtWorkflow = kind('Camt', [
  t('IMPORT', 'DRAFT', 'IMPORTED'),
  t('PROCESS', 'IMPORTED', 'PROCESSING'),
  t('COMPLETE', 'PROCESSING', 'PROCESSED', { hidden: true }),
  t('FAIL', 'PROCESSING', 'ERROR', { hidden: true }),
  t('RETRY', 'ERROR', 'IMPORTED'),
]);

export const bankAccountWorkflow = kind('BankAccount', [
  t('ACTIVATE', 'DRAFT', 'ACTIVE'),
  t('BLOCK', 'ACTIVE', 'BLOCKED'),
  t('UNBLOCK', 'BLOCKED', 'ACTIVE'),
  t('CLOSE', ['ACTIVE', 'BLOCKED'], 'CLOSED', { sideEffects: ['stampClosingDate'] }),
]);

export const bankOperationWorkflow = kind('BankOperation', [
  t('SUBMIT', 'DRAFT', 'PENDING', { label: 'Send for execution' }),
  t('EXECUTE', 'PENDING', 'EXECUTED'),
  t('REJECT', 'PENDING', 'REJECTED'),
  t('CANCEL', ['DRAFT', 'PENDING'], 'CANCELLED'),
]);

export const bankStatementWorkflow = kind('BankStatement', [
  t('IMPORT', 'DRAFT', 'IMPORTED'),
  t('RECONCILE_PARTIALLY', 'IMPORTED', 'PARTIALLY_RECONCILED'),
  t('RECONCILE', ['IMPORTED', 'PARTIALLY_RECONCILED'], 'RECONCILED'),
  t('CANCEL', ['DRAFT', 'IMPORTED'], 'CANCELLED'),
]);

export const bankTransactionWorkflow = kind('BankTransaction', [
  t('MATCH_PARTIALLY', 'NEW', 'PARTIALLY_MATCHED'),
  t('MATCH', ['NEW', 'PARTIALLY_MATCHED'], 'MATCHED'),
  t('UNMATCH', ['PARTIALLY_MATCHED', 'MATCHED'], 'NEW'),
  t('IGNORE', 'NEW', 'IGNORED'),
  t('UNIGNORE', 'IGNORED', 'NEW', { label: 'Stop ignoring', icon: 'EyeOutlined', action: 'UNDO' }),
  t('CANCEL', ['NEW', 'IGNORED'], 'CANCELLED'),
]);

export const bookingWorkflow = kind('Booking', [
  t('REQUEST', 'DRAFT', 'REQUESTED'),
  t('ACCEPT', 'REQUESTED', 'ACCEPTED'),
  t('START', 'ACCEPTED', 'IN_PROGRESS'),
  t('COMPLETE', 'IN_PROGRESS', 'COMPLETED'),
  t('REFUSE', 'REQUESTED', 'REFUSED'),
  t('CANCEL', ['DRAFT', 'REQUESTED', 'ACCEPTED'], 'CANCELLED'),
]);

export const inventoryWorkflow = kind('Inventory', [
  t('START', 'DRAFT', 'IN_PROGRESS'),
  t('COMPLETE', 'IN_PROGRESS', 'COMPLETED', { action: 'DO' }),
  t('UNDO_COMPLETE', 'COMPLETED', 'IN_PROGRESS', { label: 'Back to counting', icon: 'RollbackOutlined', action: 'UNDO' }),
  t('VALIDATE', 'COMPLETED', 'VALIDATED', { action: 'COMPLETE', permission: approver('Inventory'), sideEffects: ['stampValidationDate'] }),
  t('CANCEL', ['DRAFT', 'IN_PROGRESS'], 'CANCELLED'),
]);

export const moneyWorkflows = [
  invoiceWorkflow, invoiceLineWorkflow, cashflowWorkflow, cashflowAllocationWorkflow, postingWorkflow, postingEventWorkflow,
  paymentFileWorkflow, paymentFileLineWorkflow, sepaWorkflow, camtWorkflow, bankAccountWorkflow, bankOperationWorkflow,
  bankStatementWorkflow, bankTransactionWorkflow, bookingWorkflow, inventoryWorkflow,
];
