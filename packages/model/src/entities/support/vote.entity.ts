import { defineEntity } from '../../entity.ts';

export const vote = defineEntity({ name: 'Vote', route: 'support/votes', prefix: 'VOT' });
