import { defineEntity } from '../../entity.ts';
import { processStatuses } from '../../lists/shared-statuses.ts';
import { processTransitions } from '../../workflow/shared-transitions.ts';

// `import` is a reserved word, hence the name of the constant.
export const importEntity = defineEntity({
  name: 'Import',
  route: 'import/imports',
  prefix: 'IMP',
  statuses: processStatuses,
  workflow: () => processTransitions,
  menu: { section: 'Configuration', order: 40, permission: 'read /api/import/imports' },
  labels: { fr: { singular: 'Import', plural: 'Imports' } },
});
