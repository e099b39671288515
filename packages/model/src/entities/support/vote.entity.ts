import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const vote = defineEntity({
  name: 'Vote',
  route: 'support/votes',
  prefix: 'VOT',
  statuses: ['DRAFT', 'CAST', 'WITHDRAWN'],
  workflow: () => [t('CAST', 'DRAFT', 'CAST'), t('WITHDRAW', 'CAST', 'WITHDRAWN')],
  menu: { section: 'Support', order: 70 },
  labels: { fr: { singular: 'Vote', plural: 'Votes' } },
});
