import { defineEntity } from '../../entity.ts';

export const tmpCollection = defineEntity({
  name: 'TmpCollection',
  route: 'temporary-collection',
  prefix: 'TMC',
  status: false,
  menu: { section: 'Administration', order: 126 },
  labels: { fr: { singular: 'Collection temporaire', plural: 'Collections temporaires' } },
});
