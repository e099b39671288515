import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const privateEquityTransaction = defineEntity({
  name: 'PrivateEquityTransaction',
  route: 'private-equity/transactions',
  prefix: 'PET',
  statuses: ['DRAFT', 'VALIDATED', 'SETTLED', 'CANCELLED'],
  workflow: () => [
    t('VALIDATE', 'DRAFT', 'VALIDATED'),
    t('UNDO_VALIDATE', 'VALIDATED', 'DRAFT'),
    t('SETTLE', 'VALIDATED', 'SETTLED'),
    t('CANCEL', ['DRAFT', 'VALIDATED'], 'CANCELLED'),
  ],
  menu: { section: 'Private equity', order: 30 },
  labels: {
    fr: { singular: 'Transaction de capital-investissement', plural: 'Transactions de capital-investissement' },
  },
});
