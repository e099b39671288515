import { defineEntity } from '../../entity.ts';

export const externalData = defineEntity({
  name: 'ExternalData',
  route: 'external/external-data',
  prefix: 'EXD',
});
