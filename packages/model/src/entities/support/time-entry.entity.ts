import { defineEntity } from '../../entity.ts';

export const timeEntry = defineEntity({
  name: 'TimeEntry',
  route: 'support/time-entries',
  prefix: 'TE',
  plural: 'timeEntries',
});
