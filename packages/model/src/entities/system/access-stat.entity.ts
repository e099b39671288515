import { defineEntity } from '../../entity.ts';

export const accessStat = defineEntity({
  name: 'AccessStat',
  route: 'system/access-stats',
  prefix: 'ACS',
  status: false,
  readOnly: true,
  menu: { section: 'Administration', order: 55 },
  labels: { fr: { singular: "Statistique d'accès", plural: "Statistiques d'accès" } },
});
