import { defineEntity } from '../../entity.ts';
import { configurationStatuses } from '../../lists/shared-statuses.ts';

export const metric = defineEntity({
  name: 'Metric',
  route: 'core/metrics',
  prefix: 'MET',
  statuses: configurationStatuses,
  workflow: 'generic',
  menu: { section: 'Administration', order: 80 },
  labels: { fr: { singular: 'Métrique', plural: 'Métriques' } },
});
