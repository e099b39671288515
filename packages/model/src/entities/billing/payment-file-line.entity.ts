import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const paymentFileLine = defineEntity({
  name: 'PaymentFileLine',
  route: 'billing/payment-file-lines',
  prefix: 'PFL',
  statuses: ['DRAFT', 'SENT', 'ACCEPTED', 'REJECTED', 'CANCELLED'],
  workflow: () => [
    t('SEND', 'DRAFT', 'SENT'),
    t('ACCEPT', 'SENT', 'ACCEPTED', { action: 'COMPLETE' }),
    t('REJECT', 'SENT', 'REJECTED'),
    t('CANCEL', 'DRAFT', 'CANCELLED'),
  ],
  menu: { section: 'Billing', order: 55 },
  labels: { fr: { singular: 'Ligne de fichier de paiement', plural: 'Lignes de fichier de paiement' } },
  screens: { detailByIdOnly: true },
});
