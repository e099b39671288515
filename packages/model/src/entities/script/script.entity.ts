import { defineEntity } from '../../entity.ts';
import { boolean, select, text, textarea } from '../../fields.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A tenant script (layout, computation, format check, scheduled job), fetched and run by name
 * (docs/scripts.md). Its detail route is the script module's: a screen fetching a layout reads an
 * enabled script without the strict permission of the editor.
 */
export const script = defineEntity({
  name: 'Script',
  route: 'script/scripts',
  key: 'name',
  fields: {
    name: text({ mandatory: true }),
    code: textarea(),
    description: textarea(),
    scriptType: select('scriptType'),
    /** The tenant's switch: a disabled script is not run and answers as missing to whoever runs it. */
    enabled: boolean(),
    /** For layouts: the kind laid out (`Person`). */
    entityName: text(),
  },
  statuses: ['DRAFT', 'ACTIVE', 'INACTIVE', 'DEPRECATED'],
  workflow: () => [
    t('ACTIVATE', 'DRAFT', 'ACTIVE'),
    t('DEACTIVATE', 'ACTIVE', 'INACTIVE'),
    t('REACTIVATE', 'INACTIVE', 'ACTIVE'),
    t('DEPRECATE', ['ACTIVE', 'INACTIVE'], 'DEPRECATED'),
  ],
  menu: { section: 'Configuration', order: 10, permission: 'read /api/script/scripts' },
  labels: { fr: { singular: 'Script', plural: 'Scripts', texts: { 'Script type': 'Type de script' } } },
  domainRoutes: ['read'],
  screens: { list: 'scripts' },
});
