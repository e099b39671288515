import { defineEntity } from '../../entity.ts';
import { date, link, list, text, textarea } from '../../fields.ts';
import { equal, range, regex } from '../../search.ts';
import { amendmentTransitions } from '../../workflow/shared-transitions.ts';

/**
 * A change to a person's record (new address, bank details, name, ownership) requested, approved,
 * then applied at its effective date: the four-eyes trail of who changed what on a client.
 */
export const personAmendment = defineEntity({
  name: 'PersonAmendment',
  route: 'person/person-amendments',
  prefix: 'PAM',
  statuses: ['DRAFT', 'SUBMITTED', 'APPROVED', 'APPLIED', 'REJECTED', 'CANCELLED'],
  workflow: (kind) => amendmentTransitions(kind, ['personRegistration', 'effectiveDate']),
  fields: {
    personRegistration: link('Person', { label: 'Person' }),
    effectiveDate: date(),
    description: textarea(),
    changes: list({
      field: text({ mandatory: true, max: 100 }),
      oldValue: text({ max: 1000 }),
      newValue: text({ max: 1000 }),
    }),
    requestedBy: link('User'),
    appliedDate: date({ readOnly: true }),
  },
  search: [
    'registration',
    regex('name'),
    equal('status'),
    equal('type'),
    equal('person', { field: 'personRegistration' }),
    range('effectiveDate'),
  ],
  columns: [
    'registration',
    'type',
    'name',
    'status',
    'personRegistration',
    'effectiveDate',
    'requestedBy',
    'appliedDate',
  ],
  menu: { section: 'Persons', order: 30 },
  labels: {
    fr: {
      singular: 'Avenant de personne',
      plural: 'Avenants de personnes',
      texts: {
        'Effective date': "Date d'effet",
        Field: 'Champ',
        'Old value': 'Ancienne valeur',
        'New value': 'Nouvelle valeur',
        'Requested by': 'Demandé par',
      },
    },
  },
});
