import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const organization = defineEntity({
  name: 'Organization',
  route: 'person/organizations',
  prefix: 'ORG',
  statuses: ['DRAFT', 'ACTIVE', 'INACTIVE', 'CLOSED'],
  workflow: () => [
    t('ACTIVATE', 'DRAFT', 'ACTIVE'),
    t('DEACTIVATE', 'ACTIVE', 'INACTIVE'),
    t('REACTIVATE', 'INACTIVE', 'ACTIVE'),
    t('CLOSE', ['ACTIVE', 'INACTIVE'], 'CLOSED', { sideEffects: ['stampClosingDate'] }),
  ],
  menu: { section: 'Persons', order: 25 },
  labels: { fr: { singular: 'Organisation', plural: 'Organisations' } },
});
