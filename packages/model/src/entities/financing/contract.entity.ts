import { defineEntity } from '../../entity.ts';
import { contractColumns, contractFields, contractSearch } from './contract-fields.ts';
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
      requiredFields: ['persons', 'financialProduct', 'financedAmountExclTax', 'duration'], sideEffects: ['stampSubmitDate'],
    }),
    t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT', { sideEffects: ['clearSubmitDate'] }),
    t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver(kind), sideEffects: ['stampApprovalDate'] }),
    t('REVOKE_APPROVAL', 'APPROVED', 'SUBMITTED', { permission: approver(kind) }),
    t('ACTIVATE', 'APPROVED', 'ACTIVE', { requiredFields: ['startDate'], sideEffects: ['stampActivationDate'] }),
    t('TERMINATE', 'ACTIVE', 'TERMINATED', { sideEffects: ['stampTerminationDate'] }),
    t('REOPEN', 'REJECTED', 'DRAFT'),
    t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver(kind) }),
    t('CANCEL', ['DRAFT', 'SUBMITTED', 'APPROVED'], 'CANCELLED', { sideEffects: ['stampCancellationDate'] }),
  ],
  menu: { section: 'Financing', order: 20 },
  labels: { fr: { singular: 'Contrat', plural: 'Contrats' } },
  screens: { detail: 'financedRecord' },
});
