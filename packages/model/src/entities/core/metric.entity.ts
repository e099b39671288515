import { defineEntity } from '../../entity.ts';
import { select, text, textarea } from '../../fields.ts';
import { equal, regex } from '../../search.ts';
import { configurationStatuses } from '../../lists/shared-statuses.ts';

/**
 * A figure the business follows (contracts activated, arrears, average approval time): what it
 * measures, over which kind, and how often; its values by date are its MetricRecords
 * (`/metric-record/{key}`), which the list of a metric's records shows.
 */
export const metric = defineEntity({
  name: 'Metric',
  route: 'core/metrics',
  prefix: 'MET',
  statuses: configurationStatuses,
  workflow: 'generic',
  fields: {
    key: text({ max: 100 }),
    description: textarea(),
    entityName: text({ label: 'Record kind' }),
    expression: textarea(),
    unit: text(),
    frequency: select('frequency'),
  },
  search: ['registration', equal('key'), regex('name'), equal('status'), equal('type'), equal('entityName')],
  columns: ['registration', 'key', 'name', 'type', 'status', 'entityName', 'unit', 'frequency'],
  menu: { section: 'Administration', order: 80 },
  labels: {
    fr: {
      singular: 'Métrique',
      plural: 'Métriques',
      texts: {
        'Record kind': "Type d'enregistrement",
        Expression: 'Expression',
        Unit: 'Unité',
      },
    },
  },
});
