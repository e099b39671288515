import { defineEntity } from '../../entity.ts';

export const accessStat = defineEntity({
  name: 'AccessStat',
  route: 'system/access-stats',
  prefix: 'ACS',
  status: false,
  readOnly: true,
  menu: {
    notListed:
      'internal: the spec lists no access statistics screen; who signed in when is read in the access logs (/access-logs)',
  },
  labels: { fr: { singular: "Statistique d'accès", plural: "Statistiques d'accès" } },
});
