import { defineEntity } from '../../entity.ts';
import { datetime, json, link, number, text } from '../../fields.ts';
import { equal, range } from '../../search.ts';

/** One value of a metric at a date (spec 000 §2.2 `/metric-record/{key}`), written by the server when it computes the metric. */
export const metricRecord = defineEntity({
  name: 'MetricRecord',
  route: 'core/metric-records',
  prefix: 'MRC',
  status: false,
  readOnly: true,
  fields: {
    metricRegistration: link('Metric', { label: 'Metric' }),
    key: text(),
    date: datetime(),
    value: number(),
    dimensions: json(),
  },
  search: [equal('metric', { field: 'metricRegistration' }), equal('key'), range('date')],
  columns: ['registration', 'key', 'metricRegistration', 'date', 'value'],
  menu: { section: 'Administration', order: 85 },
  screens: { listPage: { addButton: false } },
  labels: {
    fr: {
      singular: 'Relevé de métrique',
      plural: 'Relevés de métriques',
      texts: { Dimensions: 'Dimensions' },
    },
  },
});
