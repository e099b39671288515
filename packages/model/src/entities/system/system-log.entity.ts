import { defineEntity } from '../../entity.ts';

export const systemLog = defineEntity({
  name: 'SystemLog',
  route: 'system/system-logs',
  prefix: 'SYL',
  status: false,
  readOnly: true,
  menu: { section: 'Administration', order: 70 },
  labels: { fr: { singular: 'Journal système', plural: 'Journaux système' } },
});
