import { defineEntity } from '../../entity.ts';
import { boolean, date, link, multiSelect, select, text } from '../../fields.ts';
import { equal, range, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

export const task = defineEntity({
  name: 'Task',
  route: 'core/tasks',
  prefix: 'TSK',
  typeList: 'taskType',
  fields: {
    subject: text(),
    projectRegistration: link('Project'),
    profiles: multiSelect('profile'),
    priority: select('priority'),
    ownerUsername: link('User'),
    startDate: date(),
    endDate: date(),
    dueDate: date(),
    done: boolean(),
  },
  search: [
    regex('subject'),
    equal('project', { field: 'projectRegistration' }),
    equal('type'),
    equal('profiles'),
    equal('priority'),
    equal('ownerUsername'),
    range('startDate'),
    range('endDate'),
    range('dueDate'),
    equal('done'),
  ],
  statuses: ['OPEN', 'IN_PROGRESS', 'WAITING', 'DONE', 'CANCELLED'],
  workflow: () => [
    t('START', 'OPEN', 'IN_PROGRESS'),
    t('WAIT', 'IN_PROGRESS', 'WAITING'),
    t('RESUME', 'WAITING', 'IN_PROGRESS'),
    t('COMPLETE', ['OPEN', 'IN_PROGRESS', 'WAITING'], 'DONE'),
    t('REOPEN', 'DONE', 'OPEN', { sideEffects: ['countReopening'] }),
    t('CANCEL', ['OPEN', 'IN_PROGRESS', 'WAITING'], 'CANCELLED'),
  ],
  menu: { section: 'Work', order: 10 },
  labels: { fr: { singular: 'Tâche', plural: 'Tâches' } },
});
