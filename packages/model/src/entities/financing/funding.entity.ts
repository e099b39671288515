import { defineEntity } from '../../entity.ts';
import { approver, t } from '../../workflow/workflow.ts';

export const funding = defineEntity({
  name: 'Funding',
  route: 'financing/fundings',
  prefix: 'FDG',
  statuses: ['DRAFT', 'SUBMITTED', 'APPROVED', 'DISBURSED', 'REPAID', 'REJECTED', 'CANCELLED'],
  workflow: (kind) => [
    t('SUBMIT', 'DRAFT', 'SUBMITTED', { sideEffects: ['stampSubmitDate'] }),
    t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT', { sideEffects: ['clearSubmitDate'] }),
    t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver(kind), sideEffects: ['stampApprovalDate'] }),
    t('DISBURSE', 'APPROVED', 'DISBURSED'),
    t('REPAY', 'DISBURSED', 'REPAID'),
    t('REOPEN', 'REJECTED', 'DRAFT'),
    t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver(kind) }),
    t('CANCEL', ['DRAFT', 'SUBMITTED', 'APPROVED'], 'CANCELLED'),
  ],
  menu: { section: 'Financing', order: 100 },
  labels: { fr: { singular: 'Refinancement', plural: 'Refinancements' } },
  screens: { detailByIdOnly: true },
});
