import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const voting = defineEntity({
  name: 'Voting',
  route: 'support/votings',
  prefix: 'VTG',
  statuses: ['DRAFT', 'OPEN', 'CLOSED', 'CANCELLED'],
  workflow: () => [
    t('OPEN', 'DRAFT', 'OPEN'),
    t('CLOSE', 'OPEN', 'CLOSED'),
    t('REOPEN', 'CLOSED', 'OPEN', { action: 'UNDO' }),
    t('CANCEL', ['DRAFT', 'OPEN'], 'CANCELLED'),
  ],
  menu: { section: 'Support', order: 60 },
  labels: { fr: { singular: 'Scrutin', plural: 'Scrutins' } },
});
