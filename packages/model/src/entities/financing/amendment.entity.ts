import { defineEntity } from '../../entity.ts';
import { currency, date, link, list, persons, textarea } from '../../fields.ts';
import { column, equal, range, regex } from '../../search.ts';
import { amendmentTransitions } from '../../workflow/shared-transitions.ts';

/** A change to a running contract. */
export const amendment = defineEntity({
  name: 'Amendment',
  route: 'financing/amendments',
  prefix: 'AMD',
  typeList: 'amendmentType',
  fields: {
    contractRegistration: link('Contract'),
    date: date(),
    validityDate: date(),
    description: textarea(),
    persons: persons(),
    quotations: list({ financedAmountExclTax: currency() }),
  },
  search: [
    'registration',
    regex('name'),
    equal('status'),
    equal('type'),
    equal('contract', { field: 'contractRegistration' }),
    range('date'),
  ],
  columns: [
    'registration',
    { field: 'organization.name', hidden: true },
    'type',
    'status',
    'contractRegistration',
    'name',
    'date',
    'validityDate',
    'description',
    column('persons', { render: 'object', label: 'Client / partner' }),
    column('quotations.0.financedAmountExclTax', { label: 'Financed amount' }),
  ],
  textSearch: [
    'registration',
    'name',
    'type',
    'status',
    'persons.name',
    'persons.personRegistration',
    'date',
    'validityDate',
    'description',
    'contractRegistration',
    'quotations.financedAmountExclTax',
  ],
  statuses: ['DRAFT', 'SUBMITTED', 'APPROVED', 'APPLIED', 'REJECTED', 'CANCELLED'],
  workflow: (kind) => amendmentTransitions(kind, ['contractRegistration']),
  menu: { section: 'Financing', order: 70 },
  labels: { fr: { singular: 'Avenant', plural: 'Avenants' } },
  screens: { listPage: { addButton: false } },
});
