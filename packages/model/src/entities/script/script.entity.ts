import { defineEntity } from '../../entity.ts';
import { text, textarea } from '../../fields.ts';
import { t } from '../../workflow/workflow.ts';

/** A tenant script (layout, computation, format check), fetched by name. */
export const script = defineEntity({
  name: 'Script',
  route: 'script/scripts',
  key: 'name',
  fields: {
    name: text({ mandatory: true }),
    code: textarea(),
  },
  statuses: ['DRAFT', 'ACTIVE', 'INACTIVE', 'DEPRECATED'],
  workflow: () => [
    t('ACTIVATE', 'DRAFT', 'ACTIVE'),
    t('DEACTIVATE', 'ACTIVE', 'INACTIVE'),
    t('REACTIVATE', 'INACTIVE', 'ACTIVE'),
    t('DEPRECATE', ['ACTIVE', 'INACTIVE'], 'DEPRECATED'),
  ],
  menu: { section: 'Configuration', order: 10, permission: 'read /api/script/scripts' },
  labels: { fr: { singular: 'Script', plural: 'Scripts' } },
});
