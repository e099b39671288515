import { defineEntity } from '../../entity.ts';

export const camt = defineEntity({ name: 'Camt', route: 'billing/camts', prefix: 'CAM' });
