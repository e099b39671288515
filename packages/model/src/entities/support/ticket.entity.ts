import { defineEntity } from '../../entity.ts';
import { requestTransitions } from '../../workflow/shared-transitions.ts';

export const ticket = defineEntity({
  name: 'Ticket',
  route: 'support/tickets',
  prefix: 'TKT',
  statuses: ['NEW', 'IN_PROGRESS', 'WAITING', 'RESOLVED', 'CLOSED', 'CANCELLED'],
  workflow: () => requestTransitions(false),
  menu: { section: 'Support', order: 10 },
  labels: { fr: { singular: 'Ticket', plural: 'Tickets' } },
});
