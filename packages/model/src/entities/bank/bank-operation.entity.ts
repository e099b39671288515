import { defineEntity } from '../../entity.ts';

export const bankOperation = defineEntity({
  name: 'BankOperation',
  route: 'bank/bank-operations',
  prefix: 'BO',
});
