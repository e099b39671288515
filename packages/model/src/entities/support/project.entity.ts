import { defineEntity } from '../../entity.ts';
import { boolean, date, link, list, persons, text } from '../../fields.ts';
import { column, equal, person, range, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A project (docs/projects.md): its people (persons with roles, members who are users), its
 * milestones, its tasks (Task.projectRegistration), its budgets (Budget.projectRegistration) and
 * the hours booked on it (TimeEntry); `GET /api/support/projects/{registration}/summary` adds them up.
 */
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
    /** The users working on it: whose timesheets list it first. */
    members: list({ username: link('User', { mandatory: true, label: 'User' }), role: text({ max: 100 }) }),
    milestones: list({
      name: text({ mandatory: true, max: 200 }),
      dueDate: date(),
      done: boolean({ label: 'Reached' }),
    }),
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
    equal('member', { field: 'members.username' }),
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
  screens: { detail: 'project' },
  menu: { section: 'Support', order: 20 },
  labels: {
    fr: {
      singular: 'Projet',
      plural: 'Projets',
      texts: {
        Members: 'Membres',
        Member: 'Membre',
        User: 'Utilisateur',
        Role: 'Rôle',
        Milestones: 'Jalons',
        'Due date': "Date d'échéance",
        Reached: 'Atteint',
      },
    },
  },
});
