import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const booking = defineEntity({
  name: 'Booking',
  route: 'accounting/bookings',
  prefix: 'BK',
  statuses: ['DRAFT', 'REQUESTED', 'ACCEPTED', 'IN_PROGRESS', 'COMPLETED', 'REFUSED', 'CANCELLED'],
  workflow: () => [
    t('REQUEST', 'DRAFT', 'REQUESTED'),
    t('ACCEPT', 'REQUESTED', 'ACCEPTED'),
    t('START', 'ACCEPTED', 'IN_PROGRESS'),
    t('COMPLETE', 'IN_PROGRESS', 'COMPLETED'),
    t('REFUSE', 'REQUESTED', 'REFUSED'),
    t('CANCEL', ['DRAFT', 'REQUESTED', 'ACCEPTED'], 'CANCELLED'),
  ],
  menu: { section: 'Accounting', order: 30 },
  labels: { fr: { singular: 'Écriture', plural: 'Écritures' } },
});
