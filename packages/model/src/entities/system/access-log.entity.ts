import { defineEntity } from '../../entity.ts';

export const accessLog = defineEntity({
  name: 'AccessLog',
  route: 'system/access-logs',
  prefix: 'ACL',
  status: false,
  readOnly: true,
});
