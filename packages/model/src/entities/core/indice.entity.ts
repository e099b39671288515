import { defineEntity } from '../../entity.ts';

export const indice = defineEntity({
  name: 'Indice',
  route: 'core/indices',
  prefix: 'IDC',
  plural: 'indices',
  status: false,
});
