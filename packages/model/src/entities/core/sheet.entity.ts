import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const sheet = defineEntity({
  name: 'Sheet',
  route: 'core/sheets',
  prefix: 'SHT',
  statuses: ['DRAFT', 'VALIDATED', 'ARCHIVED'],
  workflow: () => [
    t('VALIDATE', 'DRAFT', 'VALIDATED', { sideEffects: ['stampValidationDate'] }),
    t('UNDO_VALIDATE', 'VALIDATED', 'DRAFT'),
    t('ARCHIVE', 'VALIDATED', 'ARCHIVED'),
  ],
  menu: { section: 'Work', order: 46 },
  labels: { fr: { singular: 'Feuille', plural: 'Feuilles' } },
});
