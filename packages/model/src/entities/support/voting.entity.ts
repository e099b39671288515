import { defineEntity } from '../../entity.ts';

export const voting = defineEntity({ name: 'Voting', route: 'support/votings', prefix: 'VTG' });
