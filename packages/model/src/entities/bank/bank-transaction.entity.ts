import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const bankTransaction = defineEntity({
  name: 'BankTransaction',
  route: 'bank/bank-transactions',
  prefix: 'BT',
  statuses: ['NEW', 'PARTIALLY_MATCHED', 'MATCHED', 'IGNORED', 'CANCELLED'],
  workflow: () => [
    t('MATCH_PARTIALLY', 'NEW', 'PARTIALLY_MATCHED'),
    t('MATCH', ['NEW', 'PARTIALLY_MATCHED'], 'MATCHED'),
    t('UNMATCH', ['PARTIALLY_MATCHED', 'MATCHED'], 'NEW'),
    t('IGNORE', 'NEW', 'IGNORED'),
    t('UNIGNORE', 'IGNORED', 'NEW', { label: 'Stop ignoring', icon: 'EyeOutlined', action: 'UNDO' }),
    t('CANCEL', ['NEW', 'IGNORED'], 'CANCELLED'),
  ],
  menu: { section: 'Banking', order: 30 },
  labels: { fr: { singular: 'Transaction bancaire', plural: 'Transactions bancaires' } },
  screens: { detailByIdOnly: true },
});
