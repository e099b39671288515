import { defineEntity } from '../../entity.ts';
import { text } from '../../fields.ts';

export const tenant = defineEntity({
  name: 'Tenant',
  route: 'core/tenants',
  key: 'name',
  fields: { name: text({ mandatory: true }) },
});
