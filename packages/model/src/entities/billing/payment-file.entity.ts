import { defineEntity } from '../../entity.ts';
import { date, link } from '../../fields.ts';
import { t } from '../../workflow/workflow.ts';

/** A payment file received or sent (listed, not added by hand). */
export const paymentFile = defineEntity({
  name: 'PaymentFile',
  route: 'billing/payment-files',
  prefix: 'PF',
  typeList: 'paymentFileType',
  fields: {
    externalDataRegistration: link('ExternalData'),
    fileDate: date(),
  },
  columns: ['registration', 'externalDataRegistration', 'status', 'fileDate', 'type'],
  statuses: ['DRAFT', 'GENERATED', 'SENT', 'ACCEPTED', 'PARTIALLY_REJECTED', 'REJECTED', 'CANCELLED'],
  workflow: () => [
    t('GENERATE', 'DRAFT', 'GENERATED'),
    t('UNDO_GENERATE', 'GENERATED', 'DRAFT', { label: 'Back to draft', icon: 'RollbackOutlined', action: 'UNDO' }),
    t('SEND', 'GENERATED', 'SENT'),
    t('ACCEPT', 'SENT', 'ACCEPTED', { action: 'COMPLETE', hidden: true }),
    t('REJECT_PARTIALLY', 'SENT', 'PARTIALLY_REJECTED', { label: 'Partially rejected', icon: 'WarningOutlined', hidden: true }),
    t('REJECT', 'SENT', 'REJECTED', { hidden: true }),
    t('CANCEL', ['DRAFT', 'GENERATED'], 'CANCELLED'),
  ],
  menu: { section: 'Billing', order: 50 },
  labels: { fr: { singular: 'Fichier de paiement', plural: 'Fichiers de paiement' } },
  screens: { listPage: { addButton: false } },
});
