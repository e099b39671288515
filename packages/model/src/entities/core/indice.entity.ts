import { defineEntity } from '../../entity.ts';

export const indice = defineEntity({
  name: 'Indice',
  route: 'core/indices',
  prefix: 'IDC',
  plural: 'indices',
  status: false,
  menu: { section: 'Configuration', order: 97 },
  labels: { fr: { singular: 'Indice', plural: 'Indices' } },
});
