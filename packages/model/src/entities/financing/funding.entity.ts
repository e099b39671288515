import { defineEntity } from '../../entity.ts';
import { currency, date, link, percentage, select } from '../../fields.ts';
import { approver, t } from '../../workflow/workflow.ts';

export const funding = defineEntity({
  name: 'Funding',
  route: 'financing/fundings',
  prefix: 'FDG',
  fields: {
    contractRegistration: link('Contract'),
    fundRegistration: link('Fund'),
    contractLotRegistration: link('ContractLot'),
    amount: currency({ min: 0 }),
    currency: select('currency'),
    rate: percentage(),
    startDate: date(),
    endDate: date(),
  },
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
  labels: {
    fr: {
      singular: 'Refinancement',
      plural: 'Refinancements',
      texts: { 'Contract lot registration': 'Lot de contrats' },
    },
  },
  screens: { detailByIdOnly: true },
});
