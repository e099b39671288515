import { defineEntity } from '../../entity.ts';
import { ledgerTransitions } from '../../workflow/shared-transitions.ts';

export const cashflowAllocation = defineEntity({
  name: 'CashflowAllocation',
  route: 'billing/cashflow-allocations',
  prefix: 'CFA',
  statuses: ['DRAFT', 'VALIDATED', 'EXPORTED', 'REVERSED', 'CANCELLED'],
  workflow: (kind) => ledgerTransitions(kind),
  menu: { section: 'Billing', order: 25 },
  labels: { fr: { singular: 'Affectation de flux', plural: 'Affectations de flux' } },
});
