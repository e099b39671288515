import { defineEntity } from '../../entity.ts';
import { personColumns, personFields, personFieldTexts, personSearch, personTextSearch } from './person-fields.ts';
import { t } from '../../workflow/workflow.ts';

/** A person not yet a client: same fields, filters and columns as Person. */
export const prospect = defineEntity({
  name: 'Prospect',
  route: 'person/prospects',
  prefix: 'PRS',
  typeList: 'prospectType',
  fields: personFields,
  search: personSearch,
  columns: personColumns,
  textSearch: personTextSearch,
  // Loaded on first write: identifier and bank checks are no part of the screens that list.
  check: async (doc) => (await import('./person-rules.ts')).checkPerson(doc),
  statuses: ['NEW', 'CONTACTED', 'QUALIFIED', 'CONVERTED', 'LOST', 'DISQUALIFIED'],
  workflow: () => [
    t('CONTACT', 'NEW', 'CONTACTED'),
    t('QUALIFY', 'CONTACTED', 'QUALIFIED'),
    t('CONVERT', 'QUALIFIED', 'CONVERTED'),
    t('REOPEN', 'LOST', 'CONTACTED', { action: 'CONTINUE' }),
    t('MARK_LOST', ['CONTACTED', 'QUALIFIED'], 'LOST'),
    t('DISQUALIFY', ['NEW', 'CONTACTED'], 'DISQUALIFIED'),
  ],
  menu: { section: 'Persons', order: 20 },
  labels: {
    fr: {
      singular: 'Prospect',
      plural: 'Prospects',
      texts: personFieldTexts,
    },
  },
  extensionFields: 'person',
  screens: { list: 'person', detail: 'person' },
  writeHooks: 'personRegistrations',
});
