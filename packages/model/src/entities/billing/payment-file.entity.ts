import { defineEntity } from '../../entity.ts';
import { date, link } from '../../fields.ts';

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
});
