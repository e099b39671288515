import { defineEntity } from '../../entity.ts';
import { datetime, link, persons, text } from '../../fields.ts';
import { column, equal, range, regex } from '../../search.ts';

/** A message or call exchanged with persons, about a contract, invoice or project. */
export const communication = defineEntity({
  name: 'Communication',
  route: 'communication/communications',
  prefix: 'CMM',
  typeList: 'communicationType',
  fields: {
    date: datetime(),
    subject: text(),
    category: text(),
    persons: persons(),
    contractRegistration: link('Contract'),
    invoiceRegistration: link('Invoice'),
    projectRegistration: link('Project'),
    orgaRegistration: link('Person'),
  },
  search: [
    'registration',
    range('date'),
    equal('status'),
    regex('subject'),
    equal('type'),
    equal('category'),
    equal('person', { field: 'persons.personRegistration', entity: 'Person' }),
    equal('contractRegistration'),
    equal('invoiceRegistration'),
    equal('projectRegistration'),
    equal('orgaRegistration'),
  ],
  columns: [
    'registration',
    'date',
    'status',
    'subject',
    'type',
    'category',
    column('persons.0.name', { label: 'Person' }),
    'contractRegistration',
    'invoiceRegistration',
    'projectRegistration',
  ],
});
