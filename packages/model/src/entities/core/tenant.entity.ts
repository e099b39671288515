import { defineEntity } from '../../entity.ts';
import { text } from '../../fields.ts';
import { t } from '../../workflow/workflow.ts';

export const tenant = defineEntity({
  name: 'Tenant',
  route: 'core/tenants',
  key: 'name',
  fields: { name: text({ mandatory: true }) },
  // Made working (tenants/tenants.routes.ts): no draft stage.
  statuses: ['ACTIVE', 'SUSPENDED', 'CLOSED'],
  workflow: () => [
    t('SUSPEND', 'ACTIVE', 'SUSPENDED', { sideEffects: ['endTenantSessions'] }),
    t('RESUME', 'SUSPENDED', 'ACTIVE'),
    t('CLOSE', ['ACTIVE', 'SUSPENDED'], 'CLOSED', { sideEffects: ['stampClosingDate', 'endTenantSessions'] }),
  ],
  // Created by its module (a working tenant: its administrator, crons and defaults), not by the generic create.
  domainRoutes: ['create'],
  // `/tenant` is the current tenant's configuration: a tenant is created on /tenants (its own button) and opened by its name.
  screens: { list: 'tenants', listPage: { addButton: false }, detailByIdOnly: true },
  columns: ['registration', 'status', 'type'],
  menu: { section: 'Administration', order: 30 },
  labels: { fr: { singular: 'Tenant', plural: 'Tenants' } },
});
