import { defineEntity } from '../../entity.ts';

export const mail = defineEntity({ name: 'Mail', route: 'core/mails', prefix: 'MAL' });
