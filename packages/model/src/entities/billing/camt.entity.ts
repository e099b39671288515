import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const camt = defineEntity({
  name: 'Camt',
  route: 'billing/camts',
  prefix: 'CAM',
  statuses: ['DRAFT', 'IMPORTED', 'PROCESSING', 'PROCESSED', 'ERROR'],
  workflow: () => [
    t('IMPORT', 'DRAFT', 'IMPORTED'),
    t('PROCESS', 'IMPORTED', 'PROCESSING'),
    t('COMPLETE', 'PROCESSING', 'PROCESSED', { hidden: true }),
    t('FAIL', 'PROCESSING', 'ERROR', { hidden: true }),
    t('RETRY', 'ERROR', 'IMPORTED'),
  ],
  menu: { section: 'Billing', order: 40 },
  labels: { fr: { singular: 'Relevé camt', plural: 'Relevés camt' } },
  screens: { detailByIdOnly: true },
});
