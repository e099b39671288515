import { defineEntity } from '../../entity.ts';

export const report = defineEntity({ name: 'Report', route: 'report/reports', prefix: 'RPT' });
