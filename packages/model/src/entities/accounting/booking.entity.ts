import { defineEntity } from '../../entity.ts';
import { currency, date, link, list, select, text } from '../../fields.ts';
import { column, equal, range, regex } from '../../search.ts';
import { approver, t } from '../../workflow/workflow.ts';

/**
 * A manual accounting entry (journal voucher): the lines of one entry written by an accountant,
 * requested, then posted by an approver as one balanced posting event whose postings it groups
 * (server/src/accounting/bookings.ts). A posted entry is never changed: it is reversed.
 */
export const booking = defineEntity({
  name: 'Booking',
  route: 'accounting/bookings',
  prefix: 'BK',
  statuses: ['DRAFT', 'REQUESTED', 'POSTED', 'REFUSED', 'REVERSED', 'CANCELLED'],
  statusLabels: { POSTED: { en: 'Posted', fr: 'Comptabilisée' } },
  frozenIn: ['POSTED', 'REVERSED'],
  writeHooks: 'booking',
  fields: {
    date: date({ mandatory: true }),
    // FEC JournalCode: `OD` (miscellaneous operations) unless named.
    journal: text(),
    currency: select('currency'),
    organizationRegistration: link('Person'),
    description: text(),
    entryLines: list({
      account: text({ mandatory: true }),
      secondaryAccount: text(),
      dc: select('dc', { mandatory: true, label: 'Debit or credit' }),
      amount: currency({ mandatory: true }),
      label: text(),
      personRegistration: link('Person'),
      contractRegistration: link('Contract'),
      invoiceRegistration: link('Invoice'),
    }),
    totalDebit: currency({ readOnly: true }),
    totalCredit: currency({ readOnly: true }),
    // The posting event whose postings are this entry's, and the one reversing it.
    postingEventRegistration: link('PostingEvent', { readOnly: true }),
    reversalEventRegistration: link('PostingEvent', { readOnly: true }),
    // The date its postings took: its own, or the first open period's.
    postingDate: date({ readOnly: true }),
  },
  search: [
    'registration',
    regex('name'),
    equal('status'),
    equal('journal'),
    equal('postingEventRegistration'),
    range('date'),
  ],
  columns: [
    'registration',
    'status',
    'name',
    'date',
    'journal',
    column('totalDebit', { currencyField: 'currency' }),
    column('totalCredit', { currencyField: 'currency' }),
    'postingDate',
    'postingEventRegistration',
  ],
  workflow: (kind) => [
    t('REQUEST', 'DRAFT', 'REQUESTED', { requiredFields: ['date', 'entryLines'], sideEffects: ['checkBooking'] }),
    t('POST', 'REQUESTED', 'POSTED', {
      action: 'COMPLETE',
      permission: approver(kind),
      confirm: 'Post booking {registration}? Its entries are written to the ledger.',
      sideEffects: ['postBooking'],
    }),
    t('REFUSE', 'REQUESTED', 'REFUSED', { permission: approver(kind) }),
    t('BACK_TO_DRAFT', ['REQUESTED', 'REFUSED'], 'DRAFT', {
      label: 'Back to draft',
      icon: 'RollbackOutlined',
      action: 'UNDO',
    }),
    t('REVERSE', 'POSTED', 'REVERSED', {
      label: 'Reverse',
      icon: 'RollbackOutlined',
      action: 'UNDO',
      permission: approver(kind),
      confirm: 'Reverse booking {registration}? A reversing entry is posted.',
      sideEffects: ['reverseBooking'],
    }),
    t('CANCEL', ['DRAFT', 'REQUESTED'], 'CANCELLED'),
  ],
  menu: { section: 'Accounting', order: 30 },
  labels: {
    fr: {
      singular: 'Pièce comptable',
      plural: 'Pièces comptables',
      texts: {
        Journal: 'Journal',
        'Entry lines': "Lignes d'écriture",
        Account: 'Compte',
        'Secondary account': 'Compte secondaire',
        'Debit or credit': 'Sens',
        Label: 'Libellé',
        'Total debit': 'Total débit',
        'Total credit': 'Total crédit',
        'Posting event registration': 'Événement comptable',
        'Reversal event registration': "Événement d'extourne",
        'Posting date': 'Date de comptabilisation',
        Post: 'Comptabiliser',
        Reverse: 'Extourner',
        'Back to draft': 'Repasser en brouillon',
      },
    },
  },
});
