import { defineEntity } from '../../entity.ts';

export const documentation = defineEntity({
  name: 'Documentation',
  route: 'core/documentations',
  prefix: 'DCN',
  status: false,
  menu: {
    notListed:
      'internal: the documentation pages ship with the web and are read at /documentation and /documentation-search (the documentation module), not as records',
  },
  labels: { fr: { singular: 'Documentation', plural: 'Documentations' } },
});
