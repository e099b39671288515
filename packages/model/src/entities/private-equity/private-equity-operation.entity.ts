import { defineEntity } from '../../entity.ts';

export const privateEquityOperation = defineEntity({
  name: 'PrivateEquityOperation',
  route: 'private-equity/operations',
  prefix: 'PEO',
});
