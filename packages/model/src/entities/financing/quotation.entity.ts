import { defineEntity } from '../../entity.ts';
import { financedRecordTexts, quotationFields } from './contract-fields.ts';
import { t } from '../../workflow/workflow.ts';

export const quotation = defineEntity({
  name: 'Quotation',
  route: 'financing/quotations',
  prefix: 'QUO',
  fields: quotationFields,
  statuses: ['DRAFT', 'SENT', 'ACCEPTED', 'REFUSED', 'EXPIRED', 'CANCELLED'],
  workflow: () => [
    t('SEND', 'DRAFT', 'SENT'),
    t('ACCEPT', 'SENT', 'ACCEPTED', { action: 'COMPLETE' }),
    t('EXPIRE', 'SENT', 'EXPIRED'),
    t('REFUSE', 'SENT', 'REFUSED'),
    t('CANCEL', ['DRAFT', 'SENT'], 'CANCELLED'),
  ],
  menu: { section: 'Financing', order: 15 },
  labels: { fr: { singular: 'Offre', plural: 'Offres', texts: financedRecordTexts } },
});
