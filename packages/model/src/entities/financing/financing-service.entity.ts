import { defineEntity } from '../../entity.ts';
import { currency, date, link, select } from '../../fields.ts';
import { runningTransitions } from '../../workflow/shared-transitions.ts';

export const financingService = defineEntity({
  name: 'FinancingService',
  route: 'financing/financing-services',
  prefix: 'FS',
  typeList: 'financingServiceType',
  fields: {
    contractRegistration: link('Contract'),
    supplierRegistration: link('Person'),
    amount: currency({ min: 0 }),
    currency: select('currency'),
    startDate: date(),
    endDate: date(),
  },
  statuses: ['DRAFT', 'ACTIVE', 'SUSPENDED', 'TERMINATED', 'CANCELLED'],
  workflow: () => runningTransitions,
  menu: { section: 'Financing', order: 80 },
  labels: { fr: { singular: 'Service de financement', plural: 'Services de financement' } },
});
