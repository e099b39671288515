import { defineEntity } from '../../entity.ts';

export const metricRecord = defineEntity({
  name: 'MetricRecord',
  route: 'core/metric-records',
  prefix: 'MRC',
  status: false,
  readOnly: true,
});
