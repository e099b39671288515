import { defineEntity } from '../../entity.ts';

export const flow = defineEntity({ name: 'Flow', route: 'core/flows', prefix: 'FLW' });
