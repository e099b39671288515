import { defineEntity } from '../../entity.ts';

export const privateEquityTransaction = defineEntity({
  name: 'PrivateEquityTransaction',
  route: 'private-equity/transactions',
  prefix: 'PET',
});
