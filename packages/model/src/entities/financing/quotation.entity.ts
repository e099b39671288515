import { defineEntity } from '../../entity.ts';
import { quotationFields } from './contract-fields.ts';

export const quotation = defineEntity({
  name: 'Quotation',
  route: 'financing/quotations',
  prefix: 'QUO',
  fields: quotationFields,
});
