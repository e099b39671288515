import { defineEntity } from '../../entity.ts';
import { contractColumns, contractFields, contractSearch, financedRecordTexts } from './contract-fields.ts';
import { approver, t } from '../../workflow/workflow.ts';

export const contract = defineEntity({
  name: 'Contract',
  route: 'financing/contracts',
  prefix: 'CT',
  // `type` and `contractType` both read the contractType list:
  // the spec names no other list of contract types.
  typeList: 'contractType',
  fields: contractFields,
  search: contractSearch('Person'),
  columns: contractColumns,
  statuses: ['DRAFT', 'SUBMITTED', 'APPROVED', 'ACTIVE', 'TERMINATED', 'CANCELLED', 'REJECTED'],
  workflow: (kind) => [
    t('SUBMIT', 'DRAFT', 'SUBMITTED', {
      requiredFields: ['persons', 'financialProduct', 'financedAmountExclTax', 'duration'],
      sideEffects: ['stampSubmitDate', 'reserveCreditLine'],
    }),
    t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT', { sideEffects: ['clearSubmitDate', 'refreshCreditLine'] }),
    t('APPROVE', 'SUBMITTED', 'APPROVED', {
      permission: approver(kind),
      sideEffects: ['stampApprovalDate', 'refreshCreditLine'],
    }),
    t('REVOKE_APPROVAL', 'APPROVED', 'SUBMITTED', { permission: approver(kind) }),
    // Activation freezes the chosen quotation into elements and their schedules.
    t('ACTIVATE', 'APPROVED', 'ACTIVE', {
      requiredFields: ['startDate'],
      confirm:
        'Activate contract {registration}? Its schedules are fixed from its chosen quotation and billed from then on.',
      sideEffects: ['stampActivationDate', 'activateContract', 'refreshCreditLine', 'recordPostingEvent'],
    }),
    // A termination takes the finance lease's net investment out of the books (accounting TERMINATION).
    t('TERMINATE', 'ACTIVE', 'TERMINATED', {
      confirm: 'Terminate contract {registration}? It leaves the books and is no longer billed.',
      sideEffects: ['stampTerminationDate', 'refreshCreditLine', 'recordPostingEvent'],
    }),
    t('REOPEN', 'REJECTED', 'DRAFT'),
    t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver(kind), sideEffects: ['refreshCreditLine'] }),
    t('CANCEL', ['DRAFT', 'SUBMITTED', 'APPROVED'], 'CANCELLED', {
      sideEffects: ['stampCancellationDate', 'refreshCreditLine'],
    }),
    // The end of term: the purchase option exercised or the asset returned (endOfTermOption); shown after Activate.
    t('END_TERM', 'ACTIVE', 'TERMINATED', {
      action: 'COMPLETE',
      orderIndex: 55,
      confirm: 'End the term of contract {registration}? Its end-of-term option is carried out.',
      sideEffects: ['stampTerminationDate', 'endContractTerm', 'refreshCreditLine', 'recordPostingEvent'],
    }),
  ],
  menu: { section: 'Financing', order: 20 },
  labels: { fr: { singular: 'Contrat', plural: 'Contrats', texts: financedRecordTexts } },
  screens: { detail: 'financedRecord' },
  writeHooks: 'financedRecord',
});
