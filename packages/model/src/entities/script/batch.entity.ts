import { defineEntity } from '../../entity.ts';

export const batch = defineEntity({
  name: 'Batch',
  route: 'script/batches',
  prefix: 'BAT',
  plural: 'batches',
});
