import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const invoiceLine = defineEntity({
  name: 'InvoiceLine',
  route: 'billing/invoice-lines',
  prefix: 'INL',
  statuses: ['DRAFT', 'ISSUED', 'PAID', 'CANCELLED'],
  workflow: () => [
    t('ISSUE', 'DRAFT', 'ISSUED'),
    t('PAY', 'ISSUED', 'PAID'),
    t('CANCEL', ['DRAFT', 'ISSUED'], 'CANCELLED'),
  ],
  menu: { section: 'Billing', order: 15 },
  labels: { fr: { singular: 'Ligne de facture', plural: 'Lignes de facture' } },
});
