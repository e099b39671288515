import { defineEntity } from '../../entity.ts';

export const ticket = defineEntity({ name: 'Ticket', route: 'support/tickets', prefix: 'TKT' });
