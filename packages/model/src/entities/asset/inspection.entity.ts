import { defineEntity } from '../../entity.ts';

export const inspection = defineEntity({ name: 'Inspection', route: 'asset/inspections', prefix: 'INS' });
