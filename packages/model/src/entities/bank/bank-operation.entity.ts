import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const bankOperation = defineEntity({
  name: 'BankOperation',
  route: 'bank/bank-operations',
  prefix: 'BO',
  statuses: ['DRAFT', 'PENDING', 'EXECUTED', 'REJECTED', 'CANCELLED'],
  workflow: () => [
    t('SUBMIT', 'DRAFT', 'PENDING', { label: 'Send for execution' }),
    t('EXECUTE', 'PENDING', 'EXECUTED'),
    t('REJECT', 'PENDING', 'REJECTED'),
    t('CANCEL', ['DRAFT', 'PENDING'], 'CANCELLED'),
  ],
  menu: { section: 'Banking', order: 20 },
  labels: { fr: { singular: 'Opération bancaire', plural: 'Opérations bancaires' } },
});
