import { defineEntity } from '../../entity.ts';

export const location = defineEntity({ name: 'Location', route: 'asset/locations', prefix: 'LOC' });
