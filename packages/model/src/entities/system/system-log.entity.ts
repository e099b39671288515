import { defineEntity } from '../../entity.ts';

export const systemLog = defineEntity({
  name: 'SystemLog',
  route: 'system/system-logs',
  prefix: 'SYL',
  status: false,
  readOnly: true,
});
