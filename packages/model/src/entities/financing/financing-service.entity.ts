import { defineEntity } from '../../entity.ts';
import { runningTransitions } from '../../workflow/shared-transitions.ts';

export const financingService = defineEntity({
  name: 'FinancingService',
  route: 'financing/financing-services',
  prefix: 'FS',
  statuses: ['DRAFT', 'ACTIVE', 'SUSPENDED', 'TERMINATED', 'CANCELLED'],
  workflow: () => runningTransitions,
  menu: { section: 'Financing', order: 80 },
  labels: { fr: { singular: 'Service de financement', plural: 'Services de financement' } },
});
