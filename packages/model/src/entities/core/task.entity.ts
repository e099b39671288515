import { defineEntity } from '../../entity.ts';
import { boolean, date, link, multiSelect, select, text } from '../../fields.ts';
import { equal, range, regex } from '../../search.ts';

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
});
