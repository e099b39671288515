import { defineEntity } from '../../entity.ts';

export const score = defineEntity({ name: 'Score', route: 'scoring/scores', prefix: 'SCO' });
