import { defineEntity } from '../../entity.ts';

export const index = defineEntity({
  name: 'Index',
  route: 'core/indexes',
  prefix: 'IDX',
  plural: 'indexes',
  status: false,
  menu: { section: 'Configuration', order: 96 },
  labels: { fr: { singular: 'Index', plural: 'Index' } },
});
