import { defineEntity } from '../../entity.ts';

export const rule = defineEntity({ name: 'Rule', route: 'rules', prefix: 'RUL' });
