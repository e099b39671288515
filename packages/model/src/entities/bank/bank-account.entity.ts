import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const bankAccount = defineEntity({
  name: 'BankAccount',
  route: 'bank/bank-accounts',
  prefix: 'BA',
  statuses: ['DRAFT', 'ACTIVE', 'BLOCKED', 'CLOSED'],
  workflow: () => [
    t('ACTIVATE', 'DRAFT', 'ACTIVE'),
    t('BLOCK', 'ACTIVE', 'BLOCKED'),
    t('UNBLOCK', 'BLOCKED', 'ACTIVE'),
    t('CLOSE', ['ACTIVE', 'BLOCKED'], 'CLOSED', { sideEffects: ['stampClosingDate'] }),
  ],
  menu: { section: 'Banking', order: 10 },
  labels: { fr: { singular: 'Compte bancaire', plural: 'Comptes bancaires' } },
});
