import { defineEntity } from '../../entity.ts';

export const bankAccount = defineEntity({ name: 'BankAccount', route: 'bank/bank-accounts', prefix: 'BA' });
