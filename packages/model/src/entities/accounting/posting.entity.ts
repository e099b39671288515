import { defineEntity } from '../../entity.ts';
import { currency, date, json, link, select, text } from '../../fields.ts';
import { column, equal, range, regex } from '../../search.ts';
import { ledgerTransitions } from '../../workflow/shared-transitions.ts';

/**
 * An accounting entry line (debit or credit on an account), written by the server only from a
 * posting event and its tenant's posting rules (server/src/accounting). Never changed nor deleted:
 * the database refuses it (db/migrations/0006_books.ts) and a correction is a reversal event.
 */
export const posting = defineEntity({
  name: 'Posting',
  route: 'accounting/postings',
  prefix: 'PST',
  typeList: 'postingType',
  readOnly: true,
  fields: {
    eventType: select('postingEventType'),
    date: date(),
    dc: select('dc', { label: 'Debit or credit' }),
    account: text(),
    secondaryAccount: text(),
    amount: currency(),
    currency: select('currency'),
    documentReference: text(),
    auditTrailReference: text(),
    code: text(),
    journal: text(),
    // The event the posting comes from; every event's postings balance per currency.
    postingEventRegistration: link('PostingEvent'),
    // The date of the event when a closed period moved the posting to the first open one.
    eventDate: date(),
    organizationRegistration: link('Person'),
    analytics: json(),
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
    equal('type'),
    equal('dc'),
    equal('contract', { field: 'contractRegistration' }),
    equal('code'),
    equal('person', { field: 'personRegistration', entity: 'Person' }),
    equal('status'),
    equal('invoice', { field: 'invoiceRegistration' }),
    equal('account'),
    equal('postingEventRegistration'),
    equal('eventType'),
    range('date'),
  ],
  // Postings are written by the hundred thousand: only the columns a user sorts on carry a sort index.
  columns: [
    'registration',
    'eventType',
    'status',
    column('name', { sortable: false }),
    'date',
    'dc',
    'account',
    column('secondaryAccount', { sortable: false }),
    column('amount', { currencyField: 'currency' }),
    column('documentReference', { sortable: false }),
    column('auditTrailReference', { sortable: false }),
    'type',
    'code',
    'postingEventRegistration',
    column('assetRegistration', { sortable: false }),
    'personRegistration',
    'invoiceRegistration',
    'contractRegistration',
    column('cashflowRegistration', { sortable: false }),
    column('creditLineRegistration', { sortable: false }),
  ],
  // Read by account, event, invoice or person; a free-text search reads the tenant's postings unindexed.
  textSearchIndexed: false,
  // Written VALIDATED; only exported afterwards. A reversal is a new event, never a status.
  statuses: ['VALIDATED', 'EXPORTED'],
  frozenIn: ['VALIDATED', 'EXPORTED'],
  workflow: (kind) => ledgerTransitions(kind).filter((tr) => tr.code === 'EXPORT'),
  menu: { section: 'Accounting', order: 10 },
  screens: { list: 'postings', listPage: { addButton: false } },
  labels: {
    fr: {
      singular: 'Écriture comptable',
      plural: 'Écritures comptables',
      texts: {
        'Debit or credit': 'Sens',
        Journal: 'Journal',
        'Posting event registration': 'Événement comptable',
        'Event date': "Date de l'événement",
        Analytics: 'Analytique',
      },
    },
  },
});
