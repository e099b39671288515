import { defineEntity } from '../../entity.ts';
import { boolean, currency, date, integer, link, select, text } from '../../fields.ts';
import { column, equal, range, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * One account's statement (camt.053 Stmt) or notification (camt.054 Ntfctn) of an imported file:
 * its balances and period. `statementKey` (message, statement id, account) is unique in a tenant,
 * so the same statement imported again adds nothing.
 */
export const bankStatement = defineEntity({
  name: 'BankStatement',
  route: 'bank/bank-statements',
  prefix: 'BS',
  fields: {
    camtRegistration: link('Camt', { readOnly: true }),
    statementKey: text({ readOnly: true, hidden: true }),
    messageId: text({ label: 'Message ID', readOnly: true }),
    statementId: text({ label: 'Statement ID', readOnly: true }),
    sequenceNumber: text({ readOnly: true }),
    accountIban: text({ label: 'Account IBAN', readOnly: true }),
    currency: select('currency', { readOnly: true }),
    openingBalance: currency({ readOnly: true }),
    closingBalance: currency({ readOnly: true }),
    entriesTotal: currency({ readOnly: true }),
    fromDate: date({ readOnly: true }),
    toDate: date({ readOnly: true }),
    statementDate: date({ readOnly: true }),
    transactionCount: integer({ readOnly: true }),
    // Opening balance + booked entries = closing balance, to the cent (when the statement gives both).
    balanced: boolean({ readOnly: true }),
    balanceDifference: currency({ readOnly: true }),
  },
  unique: ['statementKey'],
  search: [
    'registration',
    regex('name'),
    equal('status'),
    equal('type'),
    equal('camtRegistration'),
    equal('accountIban'),
    range('statementDate'),
  ],
  columns: [
    'registration',
    'status',
    'name',
    'type',
    'camtRegistration',
    'accountIban',
    'statementDate',
    column('openingBalance', { currencyField: 'currency' }),
    column('closingBalance', { currencyField: 'currency' }),
    'currency',
    'transactionCount',
    'balanced',
  ],
  statuses: ['DRAFT', 'IMPORTED', 'PARTIALLY_RECONCILED', 'RECONCILED', 'CANCELLED'],
  workflow: () => [
    t('IMPORT', 'DRAFT', 'IMPORTED'),
    t('RECONCILE_PARTIALLY', 'IMPORTED', 'PARTIALLY_RECONCILED'),
    t('RECONCILE', ['IMPORTED', 'PARTIALLY_RECONCILED'], 'RECONCILED'),
    t('CANCEL', ['DRAFT', 'IMPORTED'], 'CANCELLED'),
  ],
  readOnly: true,
  menu: { section: 'Banking', order: 35 },
  labels: {
    fr: {
      singular: 'Relevé bancaire',
      plural: 'Relevés bancaires',
      texts: {
        'Message ID': 'Identifiant du message',
        'Statement ID': 'Identifiant du relevé',
        'Account IBAN': 'IBAN du compte',
        'Camt registration': 'Relevé camt',
        'Statement key': 'Clé du relevé',
        'Sequence number': 'Numéro de séquence',
        'Closing balance': 'Solde de clôture',
        'Entries total': 'Total des écritures',
        'From date': 'Du',
        Balanced: 'Équilibré',
        'Balance difference': "Écart d'équilibre",
        'To date': 'Au',
        'Statement date': 'Date du relevé',
      },
    },
  },
});
