import { defineEntity } from '../../entity.ts';
import { date, link, number, textarea } from '../../fields.ts';
import { equal, range } from '../../search.ts';
import { approver, t } from '../../workflow/workflow.ts';

/**
 * Hours a user spent on a project (and one of its tasks) on a day (docs/projects.md), entered on
 * the weekly timesheet (`/timesheet`) or one by one, submitted by the week and approved or
 * rejected by a manager. Approved hours add up on the project's summary.
 */
export const timeEntry = defineEntity({
  name: 'TimeEntry',
  route: 'support/time-entries',
  prefix: 'TE',
  plural: 'timeEntries',
  fields: {
    username: link('User', { label: 'User' }),
    projectRegistration: link('Project', { label: 'Project' }),
    taskRegistration: link('Task', { label: 'Task' }),
    entryDate: date({ label: 'Date' }),
    /** Hours as a decimal (1.5 is an hour and a half), above 0, at most 24 a day for a user. */
    hours: number({ min: 0, max: 24 }),
    description: textarea(),
  },
  search: [
    'registration',
    equal('status'),
    equal('type'),
    equal('username'),
    equal('project', { field: 'projectRegistration' }),
    equal('task', { field: 'taskRegistration' }),
    range('entryDate'),
  ],
  columns: [
    'registration',
    'status',
    'username',
    'projectRegistration',
    'taskRegistration',
    'entryDate',
    'hours',
    'type',
  ],
  statuses: ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'INVOICED'],
  // A submitted entry waits for its approver: taken back (UNDO_SUBMIT) before it is changed.
  frozenIn: ['SUBMITTED', 'APPROVED', 'INVOICED'],
  workflow: (kind) => [
    t('SUBMIT', 'DRAFT', 'SUBMITTED'),
    t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT'),
    t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver(kind) }),
    t('INVOICE', 'APPROVED', 'INVOICED', { action: 'COMPLETE' }),
    t('REOPEN', 'REJECTED', 'DRAFT'),
    t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver(kind) }),
  ],
  writeHooks: 'timeEntry',
  menu: { section: 'Support', order: 40 },
  labels: {
    fr: {
      singular: 'Saisie de temps',
      plural: 'Saisies de temps',
      texts: {
        User: 'Utilisateur',
        Project: 'Projet',
        Task: 'Tâche',
        Date: 'Date',
        Hours: 'Heures',
        Description: 'Description',
      },
    },
  },
});
