import { defineEntity } from '../../entity.ts';

export const organization = defineEntity({
  name: 'Organization',
  route: 'person/organizations',
  prefix: 'ORG',
});
