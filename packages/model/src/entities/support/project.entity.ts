import { defineEntity } from '../../entity.ts';
import { date, link, persons, text } from '../../fields.ts';
import { column, equal, person, range, regex } from '../../search.ts';

export const project = defineEntity({
  name: 'Project',
  route: 'support/projects',
  prefix: 'PRJ',
  typeList: 'projectType',
  fields: {
    persons: persons(),
    orgaRegistration: link('Person'),
    clientOwnerRegistration: link('Person'),
    startDate: date(),
    endDate: date(),
    addressLine: text(),
  },
  search: [
    'registration',
    equal('status'),
    person('owner', ['OWNER']),
    regex('name'),
    equal('type'),
    person('client', ['CLIENT']),
    equal('orgaRegistration'),
    range('startDate'),
    range('endDate'),
    regex('addressLine'),
    equal('clientOwnerRegistration'),
  ],
  columns: [
    'registration',
    'status',
    column('persons', { render: 'object', label: 'Owner / client' }),
    'name',
    'type',
    'orgaRegistration',
    'startDate',
    'endDate',
    'clientOwnerRegistration',
  ],
});
