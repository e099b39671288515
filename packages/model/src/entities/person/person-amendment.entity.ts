import { defineEntity } from '../../entity.ts';

export const personAmendment = defineEntity({
  name: 'PersonAmendment',
  route: 'person/person-amendments',
  prefix: 'PAM',
});
