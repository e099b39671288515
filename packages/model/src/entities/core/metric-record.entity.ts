import { defineEntity } from '../../entity.ts';

export const metricRecord = defineEntity({
  name: 'MetricRecord',
  route: 'core/metric-records',
  prefix: 'MRC',
  status: false,
  readOnly: true,
  menu: { section: 'Administration', order: 85 },
  labels: { fr: { singular: 'Relevé de métrique', plural: 'Relevés de métriques' } },
});
