import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const flow = defineEntity({
  name: 'Flow',
  route: 'core/flows',
  prefix: 'FLW',
  statuses: ['DRAFT', 'ACTIVE', 'ON_HOLD', 'ARCHIVED'],
  workflow: () => [
    t('ACTIVATE', 'DRAFT', 'ACTIVE'),
    t('HOLD', 'ACTIVE', 'ON_HOLD'),
    t('RESUME', 'ON_HOLD', 'ACTIVE'),
    t('ARCHIVE', ['DRAFT', 'ACTIVE', 'ON_HOLD'], 'ARCHIVED'),
  ],
  menu: { section: 'Work', order: 40 },
  labels: { fr: { singular: 'Parcours', plural: 'Parcours' } },
});
