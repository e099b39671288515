import { defineEntity } from '../../entity.ts';

export const note = defineEntity({ name: 'Note', route: 'core/notes', prefix: 'NOT' });
