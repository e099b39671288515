import { defineEntity } from '../../entity.ts';

export const campaign = defineEntity({ name: 'Campaign', route: 'person/campaigns', prefix: 'CMP' });
