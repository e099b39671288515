import { defineEntity } from '../../entity.ts';

export const index = defineEntity({
  name: 'Index',
  route: 'core/indexes',
  prefix: 'IDX',
  plural: 'indexes',
  status: false,
});
