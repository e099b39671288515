import { defineEntity } from '../../entity.ts';

export const metric = defineEntity({ name: 'Metric', route: 'core/metrics', prefix: 'MET' });
