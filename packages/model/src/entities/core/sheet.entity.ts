import { defineEntity } from '../../entity.ts';

export const sheet = defineEntity({ name: 'Sheet', route: 'core/sheets', prefix: 'SHT' });
