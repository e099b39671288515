import { defineEntity } from '../../entity.ts';
import { date, link, percentage, text } from '../../fields.ts';
import { equal, range } from '../../search.ts';

/** The value an index was published at on a date: one per index and date, read by rate revisions. */
export const indice = defineEntity({
  name: 'Indice',
  route: 'core/indices',
  prefix: 'IDC',
  plural: 'indices',
  status: false,
  fields: {
    indexRegistration: link('Index', { mandatory: true, label: 'Index' }),
    date: date({ mandatory: true }),
    value: percentage({ mandatory: true, min: -100, max: 100 }),
    source: text(),
  },
  search: [equal('index', { field: 'indexRegistration' }), range('date')],
  columns: ['registration', 'indexRegistration', 'date', 'value', 'source'],
  unique: ['indexRegistration', 'date'],
  // The index must be the tenant's, and shows its latest value (server indices/index-values.ts).
  writeHooks: 'indexValues',
  menu: { section: 'Configuration', order: 97 },
  labels: { fr: { singular: 'Indice', plural: 'Indices', texts: { Source: 'Source' } } },
});
