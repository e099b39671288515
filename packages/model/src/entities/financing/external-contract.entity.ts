import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const externalContract = defineEntity({
  name: 'ExternalContract',
  route: 'financing/external-contracts',
  prefix: 'ECT',
  statuses: ['DRAFT', 'ACTIVE', 'TERMINATED', 'CANCELLED'],
  workflow: () => [
    t('ACTIVATE', 'DRAFT', 'ACTIVE', { sideEffects: ['stampActivationDate'] }),
    t('TERMINATE', 'ACTIVE', 'TERMINATED', { sideEffects: ['stampTerminationDate'] }),
    t('CANCEL', 'DRAFT', 'CANCELLED'),
  ],
  menu: { section: 'Financing', order: 25 },
  labels: { fr: { singular: 'Contrat externe', plural: 'Contrats externes' } },
});
