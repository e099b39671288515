import { defineEntity } from '../../entity.ts';

export const cashflow = defineEntity({ name: 'Cashflow', route: 'billing/cashflows', prefix: 'CF' });
