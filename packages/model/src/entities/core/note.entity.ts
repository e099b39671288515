import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const note = defineEntity({
  name: 'Note',
  route: 'core/notes',
  prefix: 'NOT',
  statuses: ['DRAFT', 'PUBLISHED', 'ARCHIVED'],
  workflow: () => [
    t('PUBLISH', 'DRAFT', 'PUBLISHED'),
    t('UNPUBLISH', 'PUBLISHED', 'DRAFT'),
    t('ARCHIVE', ['DRAFT', 'PUBLISHED'], 'ARCHIVED'),
  ],
  menu: { section: 'Work', order: 20 },
  labels: { fr: { singular: 'Note', plural: 'Notes' } },
});
