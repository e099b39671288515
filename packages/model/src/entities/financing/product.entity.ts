import { defineEntity } from '../../entity.ts';
import { date, link, percentage, select, text } from '../../fields.ts';

/** A financial product offered under a contract type. */
export const product = defineEntity({
  name: 'Product',
  route: 'financing/products',
  prefix: 'PRD',
  fields: {
    contractType: select('contractType'),
    code: select('financialProduct'),
    startDate: date(),
    endDate: date(),
    rate: percentage(),
    reference: text(),
    allocation: text(),
    fundRegistration: link('Fund'),
    contractRegistration: link('Contract'),
  },
  columns: [
    'registration',
    'status',
    'contractType',
    'code',
    'name',
    'startDate',
    'endDate',
    'rate',
    'reference',
    'allocation',
    'fundRegistration',
    'contractRegistration',
  ],
});
