import { defineEntity } from '../../entity.ts';

export const externalContract = defineEntity({
  name: 'ExternalContract',
  route: 'financing/external-contracts',
  prefix: 'ECT',
});
