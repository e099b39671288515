import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const externalData = defineEntity({
  name: 'ExternalData',
  route: 'external/external-data',
  prefix: 'EXD',
  statuses: ['DRAFT', 'RECEIVED', 'PROCESSING', 'PROCESSED', 'ERROR'],
  /** Data received from outside and processed by the platform. */
  workflow: () => [
    t('RECEIVE', 'DRAFT', 'RECEIVED'),
    t('PROCESS', 'RECEIVED', 'PROCESSING'),
    t('COMPLETE', 'PROCESSING', 'PROCESSED', { hidden: true }),
    t('FAIL', 'PROCESSING', 'ERROR', { hidden: true }),
    t('RETRY', 'ERROR', 'RECEIVED'),
  ],
  menu: { section: 'Work', order: 50 },
  labels: { fr: { singular: 'Donnée externe', plural: 'Données externes' } },
});
