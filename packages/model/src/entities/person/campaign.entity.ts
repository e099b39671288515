import { defineEntity } from '../../entity.ts';
import { fieldWorkTransitions } from '../../workflow/shared-transitions.ts';

export const campaign = defineEntity({
  name: 'Campaign',
  route: 'person/campaigns',
  prefix: 'CMP',
  statuses: ['DRAFT', 'SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'],
  workflow: () => fieldWorkTransitions,
  menu: { section: 'Persons', order: 40 },
  labels: { fr: { singular: 'Campagne', plural: 'Campagnes' } },
});
