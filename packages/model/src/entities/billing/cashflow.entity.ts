import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const cashflow = defineEntity({
  name: 'Cashflow',
  route: 'billing/cashflows',
  prefix: 'CF',
  statuses: ['DRAFT', 'PENDING', 'PARTIALLY_ALLOCATED', 'ALLOCATED', 'CANCELLED'],
  workflow: () => [
    t('VALIDATE', 'DRAFT', 'PENDING'),
    t('ALLOCATE_PARTIALLY', 'PENDING', 'PARTIALLY_ALLOCATED'),
    t('ALLOCATE', ['PENDING', 'PARTIALLY_ALLOCATED'], 'ALLOCATED'),
    t('CANCEL', ['DRAFT', 'PENDING'], 'CANCELLED'),
  ],
  menu: { section: 'Billing', order: 20 },
  labels: { fr: { singular: 'Flux de trésorerie', plural: 'Flux de trésorerie' } },
});
