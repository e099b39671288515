import { defineEntity } from '../../entity.ts';
import { approver, t } from '../../workflow/workflow.ts';

export const budget = defineEntity({
  name: 'Budget',
  route: 'support/budgets',
  prefix: 'BUD',
  statuses: ['DRAFT', 'SUBMITTED', 'APPROVED', 'ACTIVE', 'CLOSED', 'REJECTED'],
  workflow: (kind) => [
    t('SUBMIT', 'DRAFT', 'SUBMITTED'),
    t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT'),
    t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver(kind) }),
    t('ACTIVATE', 'APPROVED', 'ACTIVE'),
    t('CLOSE', 'ACTIVE', 'CLOSED', { sideEffects: ['stampClosingDate'] }),
    t('REOPEN', 'REJECTED', 'DRAFT'),
    t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver(kind) }),
  ],
  menu: { section: 'Support', order: 30 },
  labels: { fr: { singular: 'Budget', plural: 'Budgets' } },
});
