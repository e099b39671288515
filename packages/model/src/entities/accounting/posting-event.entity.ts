import { defineEntity } from '../../entity.ts';
import { currency, date, integer, json, link, select, text } from '../../fields.ts';
import { column, equal, range, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A business event to be posted (an invoice issued, a payment allocated, a contract activated…),
 * written in the business event's transaction with the named amounts the posting rules read, and
 * posted at once (server/src/accounting). A reversal is another event naming the one it reverses.
 */
export const postingEvent = defineEntity({
  name: 'PostingEvent',
  route: 'accounting/posting-events',
  prefix: 'PEV',
  readOnly: true,
  fields: {
    eventType: select('postingEventType'),
    date: date(),
    account: text(),
    secondaryAccount: text(),
    amount: currency(),
    currency: select('currency'),
    // The named amounts the rules' expressions read (`amountExclTax`, `tax`, `interest`…).
    amounts: json(),
    documentReference: text(),
    auditTrailReference: text(),
    code: text(),
    // Where the event comes from: the kind and registration of the business record.
    sourceEntity: text(),
    sourceRegistration: text(),
    organizationRegistration: link('Person'),
    financialProduct: select('financialProduct'),
    pr: select('pr', { label: 'Payable or receivable' }),
    journal: text(),
    ignoredBecause: text({ readOnly: true }),
    // The date its postings took: the event's own, or the first open period's.
    postingDate: date({ readOnly: true }),
    postingCount: integer({ readOnly: true }),
    reversedEventRegistration: link('PostingEvent', { readOnly: true }),
    assetRegistration: link('Asset'),
    personRegistration: link('Person'),
    invoiceRegistration: link('Invoice'),
    contractRegistration: link('Contract'),
    cashflowRegistration: link('Cashflow'),
    creditLineRegistration: link('CreditLine'),
  },
  search: [
    'registration',
    regex('name'),
    equal('eventType'),
    equal('status'),
    equal('sourceRegistration'),
    equal('reversedEventRegistration'),
    equal('contract', { field: 'contractRegistration' }),
    equal('person', { field: 'personRegistration', entity: 'Person' }),
    equal('invoice', { field: 'invoiceRegistration' }),
    range('date'),
  ],
  // Written with every posted business event: only the columns a user sorts on carry a sort index.
  columns: [
    'registration',
    'eventType',
    'status',
    column('name', { sortable: false }),
    'date',
    'postingDate',
    column('account', { sortable: false }),
    column('secondaryAccount', { sortable: false }),
    column('amount', { currencyField: 'currency' }),
    column('documentReference', { sortable: false }),
    column('auditTrailReference', { sortable: false }),
    column('code', { sortable: false }),
    'reversedEventRegistration',
    column('assetRegistration', { sortable: false }),
    'personRegistration',
    'invoiceRegistration',
    'contractRegistration',
    column('cashflowRegistration', { sortable: false }),
    column('creditLineRegistration', { sortable: false }),
  ],
  // Written with every business event; read by source, invoice, contract or person, not by free text.
  textSearchIndexed: false,
  statuses: ['PENDING', 'PROCESSED', 'IGNORED', 'ERROR'],
  frozenIn: ['PROCESSED'],
  workflow: () => [
    t('PROCESS', 'PENDING', 'PROCESSED', { action: 'COMPLETE', hidden: true }),
    t('FAIL', 'PENDING', 'ERROR', { hidden: true }),
    t('RETRY', 'ERROR', 'PENDING'),
    t('IGNORE', ['PENDING', 'ERROR'], 'IGNORED'),
  ],
  menu: { section: 'Accounting', order: 20 },
  screens: { detail: 'postingEvent', listPage: { addButton: false } },
  labels: {
    fr: {
      singular: 'Événement comptable',
      plural: 'Événements comptables',
      texts: {
        'Payable or receivable': 'Payable ou recevable',
        Amounts: 'Montants',
        'Source entity': 'Type de la source',
        'Source registration': 'Source',
        'Posting date': 'Date de comptabilisation',
        'Posting count': "Nombre d'écritures",
        'Reversed event registration': 'Événement contrepassé',
        Journal: 'Journal',
        'Ignored because': 'Ignoré car',
      },
    },
  },
});
