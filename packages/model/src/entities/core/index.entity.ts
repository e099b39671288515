import { defineEntity } from '../../entity.ts';
import { date, integer, percentage, select, text, textarea } from '../../fields.ts';
import { equal, regex } from '../../search.ts';

/**
 * A market index a floating rate follows (EURIBOR 3M, €STR, a lessor's cost of funds): what it is
 * and who publishes it; its published values by date are its Indices (`/api/core/indices`), read
 * when a variable-rate contract is revised.
 */
export const index = defineEntity({
  name: 'Index',
  route: 'core/indexes',
  prefix: 'IDX',
  plural: 'indexes',
  status: false,
  fields: {
    code: text({ mandatory: true, max: 30 }),
    description: textarea(),
    currency: select('currency'),
    tenorMonths: integer({ min: 0, max: 600, label: 'Tenor (months)' }),
    publicationFrequency: select('frequency'),
    publisher: text(),
    lastValue: percentage({ readOnly: true }),
    lastValueDate: date({ readOnly: true }),
  },
  search: [equal('code'), regex('name'), equal('currency')],
  columns: [
    'registration',
    'code',
    'name',
    'currency',
    'tenorMonths',
    'publicationFrequency',
    'lastValue',
    'lastValueDate',
  ],
  unique: ['code'],
  menu: { section: 'Configuration', order: 96 },
  labels: {
    fr: {
      singular: 'Index',
      plural: 'Index',
      texts: {
        'Tenor (months)': 'Échéance (mois)',
        'Publication frequency': 'Fréquence de publication',
        Publisher: 'Éditeur',
        'Last value': 'Dernière valeur',
        'Last value date': 'Date de la dernière valeur',
      },
    },
  },
});
