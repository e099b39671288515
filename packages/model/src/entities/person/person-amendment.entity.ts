import { defineEntity } from '../../entity.ts';
import { amendmentTransitions } from '../../workflow/shared-transitions.ts';

export const personAmendment = defineEntity({
  name: 'PersonAmendment',
  route: 'person/person-amendments',
  prefix: 'PAM',
  statuses: ['DRAFT', 'SUBMITTED', 'APPROVED', 'APPLIED', 'REJECTED', 'CANCELLED'],
  workflow: (kind) => amendmentTransitions(kind, []),
  menu: { section: 'Persons', order: 30 },
  labels: { fr: { singular: 'Avenant de personne', plural: 'Avenants de personnes' } },
});
