import { defineEntity } from '../../entity.ts';

export const dtxn = defineEntity({ name: 'Dtxn', route: 'core/dtxns', prefix: 'DTX' });
