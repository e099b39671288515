import { defineEntity } from '../../entity.ts';
import { boolean, date, datetime, integer, link, list, multiSelect, select, text, textarea } from '../../fields.ts';
import { column, equal, range, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A piece of work for a user or a team (server/src/tasks): linked to a record of any kind
 * (entityName + entityRegistration, as documents are), assigned to a user (`ownerUsername`) and/or
 * profiles, due on a day, with a priority, a reminder instant, a checklist and a Markdown
 * description. `done` follows the status (DONE), set by the workflow and the write hooks only.
 * Tasks the product opens itself (a returned debit, a deal to approve…) carry the key of their
 * rule and record (`ruleKey`), unique in a tenant, so that no rule opens one twice.
 */
export const task = defineEntity({
  name: 'Task',
  route: 'core/tasks',
  prefix: 'TSK',
  typeList: 'taskType',
  fields: {
    subject: text(),
    description: textarea(),
    projectRegistration: link('Project'),
    /** The record the task is about (any kind), by its kind's name and registration. */
    entityName: text({ label: 'Kind' }),
    entityRegistration: text({ label: 'Record' }),
    profiles: multiSelect('profile'),
    priority: select('priority'),
    ownerUsername: link('User', { label: 'Assignee' }),
    startDate: date(),
    endDate: date(),
    dueDate: date(),
    /** When the assignee is reminded (an instant; a TASK_REMINDER notification, once). */
    reminderDate: datetime(),
    /** The reminder already sent: the reminder instant it was for. */
    reminderSent: datetime({ readOnly: true, hidden: true }),
    checklist: list({ label: text({ mandatory: true }), done: boolean() }),
    done: boolean({ readOnly: true }),
    completionDate: date({ readOnly: true }),
    reopenCount: integer({ readOnly: true, hidden: true }),
    /** `{rule}:{kind}:{registration}` of a task a rule opened (server/src/tasks/task-rules.ts). */
    ruleKey: text({ readOnly: true, hidden: true }),
  },
  search: [
    'registration',
    regex('subject'),
    equal('project', { field: 'projectRegistration' }),
    equal('type'),
    equal('status'),
    equal('profiles'),
    equal('priority'),
    equal('ownerUsername'),
    equal('entityName'),
    equal('entityRegistration'),
    range('startDate'),
    range('endDate'),
    range('dueDate'),
    range('reminderDate'),
    equal('done'),
    equal('ruleKey', { hidden: true }),
  ],
  columns: [
    'registration',
    'status',
    'subject',
    'type',
    'priority',
    'ownerUsername',
    'profiles',
    column('dueDate', { label: 'Due date' }),
    column('entityName', { label: 'Kind' }),
    column('entityRegistration', { render: 'link', entityField: 'entityName', label: 'Record' }),
  ],
  textSearch: ['registration', 'name', 'subject'],
  unique: ['ruleKey'],
  statuses: ['OPEN', 'IN_PROGRESS', 'WAITING', 'DONE', 'CANCELLED'],
  workflow: () => [
    t('START', 'OPEN', 'IN_PROGRESS'),
    t('WAIT', 'IN_PROGRESS', 'WAITING'),
    t('RESUME', 'WAITING', 'IN_PROGRESS'),
    t('COMPLETE', ['OPEN', 'IN_PROGRESS', 'WAITING'], 'DONE', { sideEffects: ['markTaskDone'] }),
    t('REOPEN', 'DONE', 'OPEN', { sideEffects: ['countReopening', 'markTaskOpen'] }),
    t('CANCEL', ['OPEN', 'IN_PROGRESS', 'WAITING'], 'CANCELLED'),
  ],
  writeHooks: 'task',
  menu: { section: 'Work', order: 10 },
  labels: {
    fr: {
      singular: 'Tâche',
      plural: 'Tâches',
      texts: {
        Subject: 'Objet',
        Description: 'Description',
        'Project registration': 'Projet',
        Kind: 'Type de fiche',
        Record: 'Fiche',
        Profiles: 'Profils',
        Priority: 'Priorité',
        Assignee: 'Assignée à',
        'Start date': 'Date de début',
        'End date': 'Date de fin',
        'Due date': "Date d'échéance",
        'Reminder date': 'Rappel',
        'Reminder sent': 'Rappel envoyé',
        Checklist: 'Liste de contrôle',
        Label: 'Libellé',
        Done: 'Faite',
        'Completion date': "Date d'achèvement",
        'Reopen count': 'Réouvertures',
        'Rule key': 'Clé de règle',
      },
    },
  },
});
