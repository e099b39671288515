import { defineEntity } from '../../entity.ts';

export const cashflowAllocation = defineEntity({
  name: 'CashflowAllocation',
  route: 'billing/cashflow-allocations',
  prefix: 'CFA',
});
