import { defineEntity } from '../../entity.ts';

export const systemEvent = defineEntity({
  name: 'SystemEvent',
  route: 'system/system-events',
  prefix: 'SEV',
});
