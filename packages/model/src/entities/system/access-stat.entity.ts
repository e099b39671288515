import { defineEntity } from '../../entity.ts';

export const accessStat = defineEntity({
  name: 'AccessStat',
  route: 'system/access-stats',
  prefix: 'ACS',
  status: false,
  readOnly: true,
});
