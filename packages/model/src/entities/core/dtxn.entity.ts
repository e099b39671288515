import { defineEntity } from '../../entity.ts';
import { approver, t } from '../../workflow/workflow.ts';

export const dtxn = defineEntity({
  name: 'Dtxn',
  route: 'core/dtxns',
  prefix: 'DTX',
  statuses: ['PENDING', 'COMMITTED', 'ROLLED_BACK', 'ERROR'],
  workflow: (kind) => [
    t('COMMIT', 'PENDING', 'COMMITTED', { hidden: true }),
    t('FAIL', 'PENDING', 'ERROR', { hidden: true }),
    t('ROLL_BACK', ['PENDING', 'ERROR'], 'ROLLED_BACK', { permission: approver(kind) }),
  ],
  menu: { section: 'Administration', order: 100 },
  labels: { fr: { singular: 'Transaction distribuée', plural: 'Transactions distribuées' } },
});
