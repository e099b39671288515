import { defineEntity } from '../../entity.ts';

export const budget = defineEntity({ name: 'Budget', route: 'support/budgets', prefix: 'BUD' });
