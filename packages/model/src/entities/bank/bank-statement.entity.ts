import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const bankStatement = defineEntity({
  name: 'BankStatement',
  route: 'bank/bank-statements',
  prefix: 'BS',
  statuses: ['DRAFT', 'IMPORTED', 'PARTIALLY_RECONCILED', 'RECONCILED', 'CANCELLED'],
  workflow: () => [
    t('IMPORT', 'DRAFT', 'IMPORTED'),
    t('RECONCILE_PARTIALLY', 'IMPORTED', 'PARTIALLY_RECONCILED'),
    t('RECONCILE', ['IMPORTED', 'PARTIALLY_RECONCILED'], 'RECONCILED'),
    t('CANCEL', ['DRAFT', 'IMPORTED'], 'CANCELLED'),
  ],
  menu: { section: 'Banking', order: 35 },
  labels: { fr: { singular: 'Relevé bancaire', plural: 'Relevés bancaires' } },
});
