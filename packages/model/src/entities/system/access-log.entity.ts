import { defineEntity } from '../../entity.ts';

export const accessLog = defineEntity({
  name: 'AccessLog',
  route: 'system/access-logs',
  prefix: 'ACL',
  status: false,
  readOnly: true,
  menu: { section: 'Administration', order: 50 },
  labels: { fr: { singular: "Journal d'accès", plural: "Journaux d'accès" } },
});
