import { defineEntity } from '../../entity.ts';
import { personColumns, personFields, personFieldTexts, personSearch, personTextSearch } from './person-fields.ts';
import { approver, t } from '../../workflow/workflow.ts';

/** Individuals (I), employees (E), professionals (P), organizations (O) and companies (C). */
export const person = defineEntity({
  name: 'Person',
  route: 'person/persons',
  prefix: 'PER',
  plural: 'persons',
  typeList: 'personType',
  fields: personFields,
  search: personSearch,
  columns: personColumns,
  textSearch: personTextSearch,
  // Loaded on first write: identifier and bank checks are no part of the screens that list.
  check: async (doc) => (await import('./person-rules.ts')).checkPerson(doc),
  statuses: ['PROSPECT', 'ACTIVE', 'INACTIVE', 'BLOCKED', 'ARCHIVED'],
  workflow: (kind) => [
    t('ACTIVATE', 'PROSPECT', 'ACTIVE', { label: 'Make client' }),
    t('DEACTIVATE', 'ACTIVE', 'INACTIVE'),
    t('REACTIVATE', 'INACTIVE', 'ACTIVE'),
    t('BLOCK', ['ACTIVE', 'INACTIVE'], 'BLOCKED', { permission: approver(kind) }),
    t('UNBLOCK', 'BLOCKED', 'ACTIVE', { permission: approver(kind) }),
    t('ARCHIVE', ['PROSPECT', 'INACTIVE'], 'ARCHIVED'),
  ],
  menu: { section: 'Persons', order: 10 },
  labels: {
    fr: {
      singular: 'Personne',
      plural: 'Personnes',
      texts: personFieldTexts,
    },
  },
  extensionFields: 'person',
  screens: { list: 'person', detail: 'person' },
  writeHooks: 'personRegistrations',
});
