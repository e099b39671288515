import { defineEntity } from '../../entity.ts';

export const documentation = defineEntity({
  name: 'Documentation',
  route: 'core/documentations',
  prefix: 'DCN',
  status: false,
  menu: { section: 'Work', order: 45 },
  labels: { fr: { singular: 'Documentation', plural: 'Documentations' } },
});
