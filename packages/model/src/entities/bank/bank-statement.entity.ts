import { defineEntity } from '../../entity.ts';

export const bankStatement = defineEntity({
  name: 'BankStatement',
  route: 'bank/bank-statements',
  prefix: 'BS',
});
