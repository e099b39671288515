import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const report = defineEntity({
  name: 'Report',
  route: 'report/reports',
  prefix: 'RPT',
  statuses: ['DRAFT', 'PROCESSING', 'READY', 'PUBLISHED', 'ERROR'],
  workflow: () => [
    t('GENERATE', 'DRAFT', 'PROCESSING'),
    t('COMPLETE', 'PROCESSING', 'READY', { action: 'DO', hidden: true }),
    t('FAIL', 'PROCESSING', 'ERROR', { hidden: true }),
    t('RETRY', 'ERROR', 'PROCESSING'),
    t('REGENERATE', 'READY', 'PROCESSING', { label: 'Regenerate', icon: 'ReloadOutlined' }),
    t('PUBLISH', 'READY', 'PUBLISHED', { action: 'COMPLETE' }),
    t('UNPUBLISH', 'PUBLISHED', 'READY'),
  ],
  menu: { section: 'Work', order: 65 },
  labels: { fr: { singular: 'Rapport', plural: 'Rapports' } },
});
