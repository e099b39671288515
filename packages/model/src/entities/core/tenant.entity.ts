import { defineEntity } from '../../entity.ts';
import { text } from '../../fields.ts';
import { t } from '../../workflow/workflow.ts';

export const tenant = defineEntity({
  name: 'Tenant',
  route: 'core/tenants',
  key: 'name',
  fields: { name: text({ mandatory: true }) },
  statuses: ['DRAFT', 'ACTIVE', 'SUSPENDED', 'CLOSED'],
  workflow: () => [
    t('ACTIVATE', 'DRAFT', 'ACTIVE'),
    t('SUSPEND', 'ACTIVE', 'SUSPENDED'),
    t('RESUME', 'SUSPENDED', 'ACTIVE'),
    t('CLOSE', ['ACTIVE', 'SUSPENDED'], 'CLOSED', { sideEffects: ['stampClosingDate'] }),
  ],
  menu: { section: 'Administration', order: 30 },
  labels: { fr: { singular: 'Tenant', plural: 'Tenants' } },
});
