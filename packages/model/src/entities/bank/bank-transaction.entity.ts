import { defineEntity } from '../../entity.ts';

export const bankTransaction = defineEntity({
  name: 'BankTransaction',
  route: 'bank/bank-transactions',
  prefix: 'BT',
});
