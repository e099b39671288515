import { defineEntity } from '../../entity.ts';
import { configurationStatuses } from '../../lists/shared-statuses.ts';

export const rule = defineEntity({
  name: 'Rule',
  route: 'rules',
  prefix: 'RUL',
  statuses: configurationStatuses,
  workflow: 'generic',
  menu: { section: 'Scoring', order: 20 },
  labels: { fr: { singular: 'Règle', plural: 'Règles' } },
});
