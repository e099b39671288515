import { defineEntity } from '../../entity.ts';
import { approver, t } from '../../workflow/workflow.ts';

export const privateEquityOperation = defineEntity({
  name: 'PrivateEquityOperation',
  route: 'private-equity/operations',
  prefix: 'PEO',
  statuses: ['DRAFT', 'SUBMITTED', 'APPROVED', 'EXECUTED', 'REJECTED', 'CANCELLED'],
  workflow: (kind) => [
    t('SUBMIT', 'DRAFT', 'SUBMITTED'),
    t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT'),
    t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver(kind) }),
    t('EXECUTE', 'APPROVED', 'EXECUTED'),
    t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver(kind) }),
    t('CANCEL', ['DRAFT', 'SUBMITTED', 'APPROVED'], 'CANCELLED'),
  ],
  menu: { section: 'Private equity', order: 20 },
  labels: { fr: { singular: 'Opération de capital-investissement', plural: 'Opérations de capital-investissement' } },
});
