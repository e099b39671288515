import { defineEntity } from '../../entity.ts';
import { approver, t } from '../../workflow/workflow.ts';

export const timeEntry = defineEntity({
  name: 'TimeEntry',
  route: 'support/time-entries',
  prefix: 'TE',
  plural: 'timeEntries',
  statuses: ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'INVOICED'],
  workflow: (kind) => [
    t('SUBMIT', 'DRAFT', 'SUBMITTED'),
    t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT'),
    t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver(kind) }),
    t('INVOICE', 'APPROVED', 'INVOICED', { action: 'COMPLETE' }),
    t('REOPEN', 'REJECTED', 'DRAFT'),
    t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver(kind) }),
  ],
  menu: { section: 'Support', order: 40 },
  labels: { fr: { singular: 'Saisie de temps', plural: 'Saisies de temps' } },
});
