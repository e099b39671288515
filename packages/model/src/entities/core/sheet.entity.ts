import { defineEntity } from '../../entity.ts';
import { date, json, list, select, text, textarea } from '../../fields.ts';
import { equal, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A grid of figures (a pricing or residual value grid, a simulation), optionally attached to a
 * record, shown by the Sheet card of its detail screen: its columns, then its rows.
 */
export const sheet = defineEntity({
  name: 'Sheet',
  route: 'core/sheets',
  prefix: 'SHT',
  statuses: ['DRAFT', 'VALIDATED', 'ARCHIVED'],
  workflow: () => [
    t('VALIDATE', 'DRAFT', 'VALIDATED', { sideEffects: ['stampValidationDate'] }),
    t('UNDO_VALIDATE', 'VALIDATED', 'DRAFT'),
    t('ARCHIVE', 'VALIDATED', 'ARCHIVED'),
  ],
  fields: {
    description: textarea(),
    entityName: text({ label: 'Record kind' }),
    entityRegistration: text({ label: 'Record' }),
    columns: list({
      key: text({ mandatory: true, max: 50 }),
      label: text({ max: 100 }),
      format: select('numbersTableFormat'),
    }),
    rows: json(),
    validationDate: date({ readOnly: true }),
  },
  search: [
    'registration',
    regex('name'),
    equal('status'),
    equal('type'),
    equal('entityName'),
    equal('entityRegistration'),
  ],
  columns: ['registration', 'type', 'name', 'status', 'entityName', 'entityRegistration', 'validationDate'],
  menu: { section: 'Work', order: 46 },
  labels: {
    fr: {
      singular: 'Feuille',
      plural: 'Feuilles',
      texts: { 'Record kind': "Type d'enregistrement", Record: 'Fiche', Columns: 'Colonnes' },
    },
  },
});
