import { defineEntity } from '../../entity.ts';

export const funding = defineEntity({ name: 'Funding', route: 'financing/fundings', prefix: 'FDG' });
