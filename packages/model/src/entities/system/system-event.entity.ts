import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const systemEvent = defineEntity({
  name: 'SystemEvent',
  route: 'system/system-events',
  prefix: 'SEV',
  statuses: ['NEW', 'PROCESSING', 'PROCESSED', 'IGNORED', 'ERROR'],
  workflow: () => [
    t('PROCESS', 'NEW', 'PROCESSING'),
    t('COMPLETE', 'PROCESSING', 'PROCESSED', { hidden: true }),
    t('FAIL', 'PROCESSING', 'ERROR', { hidden: true }),
    t('RETRY', 'ERROR', 'NEW'),
    t('IGNORE', ['NEW', 'ERROR'], 'IGNORED'),
  ],
  menu: { section: 'Administration', order: 60 },
  labels: { fr: { singular: 'Événement système', plural: 'Événements système' } },
});
