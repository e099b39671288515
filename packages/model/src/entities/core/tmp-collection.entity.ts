import { defineEntity } from '../../entity.ts';

export const tmpCollection = defineEntity({
  name: 'TmpCollection',
  route: 'temporary-collection',
  prefix: 'TMC',
  status: false,
});
