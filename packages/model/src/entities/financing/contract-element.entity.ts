import { defineEntity } from '../../entity.ts';
import { currency, date, link, select, text } from '../../fields.ts';
import { column } from '../../search.ts';
import { runningTransitions } from '../../workflow/shared-transitions.ts';

/** A billable element of a contract (rent, fee, service…) between a payer and a payee. */
export const contractElement = defineEntity({
  name: 'ContractElement',
  route: 'financing/contract-elements',
  prefix: 'CE',
  typeList: 'contractElementType',
  fields: {
    code: text(),
    startDate: date(),
    endDate: date(),
    contractRegistration: link('Contract'),
    payeeRegistration: link('Person'),
    payerRegistration: link('Person'),
    totalPayment: currency(),
    currency: select('currency'),
    groupKey: text(),
    quotationRegistration: link('Quotation'),
    pr: select('pr'),
  },
  columns: [
    'registration',
    'type',
    'code',
    'name',
    'startDate',
    'endDate',
    'contractRegistration',
    'payeeRegistration',
    'payerRegistration',
    column('totalPayment', { currencyField: 'currency' }),
    'currency',
    'groupKey',
    'quotationRegistration',
    'pr',
    'status',
  ],
  statuses: ['DRAFT', 'ACTIVE', 'SUSPENDED', 'TERMINATED', 'CANCELLED'],
  workflow: () => runningTransitions,
  menu: { section: 'Financing', order: 40 },
  labels: { fr: { singular: 'Élément de contrat', plural: 'Éléments de contrat' } },
  screens: { detailByIdOnly: true },
});
