import { defineEntity } from '../../entity.ts';
import { currency, date, integer, link, percentage, select, text } from '../../fields.ts';
import { column, equal } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/** One schedule line of a contract element as billed on an invoice (billing/billing-run.ts). */
export const invoiceLine = defineEntity({
  name: 'InvoiceLine',
  route: 'billing/invoice-lines',
  prefix: 'INL',
  typeList: 'invoiceLineType',
  fields: {
    invoiceRegistration: link('Invoice'),
    contractRegistration: link('Contract'),
    elementRegistration: link('ContractElement'),
    lineNumber: integer(),
    dueDate: date(),
    pr: select('pr', { label: 'Payable or receivable' }),
    amountExclTax: currency(),
    taxCode: select('taxCode'),
    taxRate: percentage(),
    tax: currency(),
    amountInclTax: currency(),
    currency: select('currency'),
    label: text(),
  },
  search: [
    'registration',
    equal('invoiceRegistration'),
    equal('contractRegistration'),
    equal('elementRegistration'),
    equal('status'),
  ],
  // An invoice's lines are a handful, read by invoice: label, tax code, tax, amount incl. tax and
  // currency are not offered for sorting, sparing the billing run five B-trees per line written.
  columns: [
    'registration',
    'status',
    'invoiceRegistration',
    'contractRegistration',
    'elementRegistration',
    'lineNumber',
    column('label', { sortable: false }),
    'dueDate',
    column('amountExclTax', { currencyField: 'currency' }),
    column('taxCode', { sortable: false }),
    column('tax', { currencyField: 'currency', sortable: false }),
    column('amountInclTax', { currencyField: 'currency', sortable: false }),
    column('currency', { sortable: false }),
  ],
  statuses: ['DRAFT', 'ISSUED', 'PAID', 'CANCELLED'],
  frozenIn: ['ISSUED', 'PAID', 'CANCELLED'],
  workflow: () => [
    t('ISSUE', 'DRAFT', 'ISSUED'),
    t('PAY', 'ISSUED', 'PAID'),
    t('CANCEL', ['DRAFT', 'ISSUED'], 'CANCELLED'),
  ],
  // Written by the billing run by the hundred thousand and read by invoice, contract or element.
  textSearchIndexed: false,
  menu: { section: 'Billing', order: 15 },
  labels: {
    fr: {
      singular: 'Ligne de facture',
      plural: 'Lignes de facture',
      texts: {
        'Payable or receivable': 'Payable ou recevable',
        'Element registration': 'Élément de contrat',
        'Line number': "Numéro d'échéance",
        'Tax rate': 'Taux de taxe',
      },
    },
  },
});
