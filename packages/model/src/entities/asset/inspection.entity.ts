import { defineEntity } from '../../entity.ts';
import { fieldWorkTransitions } from '../../workflow/shared-transitions.ts';

export const inspection = defineEntity({
  name: 'Inspection',
  route: 'asset/inspections',
  prefix: 'INS',
  statuses: ['DRAFT', 'SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'],
  workflow: () => fieldWorkTransitions,
  menu: { section: 'Assets', order: 40 },
  labels: { fr: { singular: 'Inspection', plural: 'Inspections' } },
});
