import { defineEntity } from '../../entity.ts';
import { date, link, persons, text } from '../../fields.ts';
import { column, equal, person, range, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

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
  statuses: ['DRAFT', 'OPEN', 'IN_PROGRESS', 'ON_HOLD', 'COMPLETED', 'CANCELLED'],
  workflow: () => [
    t('OPEN', 'DRAFT', 'OPEN'),
    t('START', 'OPEN', 'IN_PROGRESS'),
    t('HOLD', 'IN_PROGRESS', 'ON_HOLD'),
    t('RESUME', 'ON_HOLD', 'IN_PROGRESS'),
    t('COMPLETE', 'IN_PROGRESS', 'COMPLETED'),
    t('CANCEL', ['DRAFT', 'OPEN', 'IN_PROGRESS', 'ON_HOLD'], 'CANCELLED'),
  ],
  menu: { section: 'Support', order: 20 },
  labels: { fr: { singular: 'Projet', plural: 'Projets' } },
});
